import type { Queryable } from '../../platform/db/database.js';
import type { ActorType } from '../../platform/events/actor.js';
import type { ActivityEntry } from './activity.schema.js';

/** Which entries a listing keeps: every condition holds (an absent one keeps all). The rows are written by outbox.ts. */
export interface ActivityFilter {
  /** Only these subjects (the kinds the caller may read). */
  subjects: readonly string[];
  /** Only these owners; absent: every owner, the operator's records included (the operator). */
  customerIds?: readonly string[];
  subject?: string;
  recordId?: string;
  actor?: string;
  fact?: string;
  from?: string;
  to?: string;
}

const COLUMNS = `id, at, fact, subject, record_id, customer_id, actor_type, actor_id, actor_name, delta, previous`;

/** The WHERE clause of `filter`, its values bound from `$<first>` on. */
function conditions(filter: ActivityFilter, first: number): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  parts.push(`subject = ANY(${bind(filter.subjects)}::text[])`);
  if (filter.customerIds) parts.push(`customer_id = ANY(${bind(filter.customerIds)}::text[])`);
  if (filter.subject !== undefined) parts.push(`subject = ${bind(filter.subject)}`);
  if (filter.recordId !== undefined) parts.push(`record_id = ${bind(filter.recordId)}`);
  if (filter.actor !== undefined) {
    const actor = bind(filter.actor);
    parts.push(`(actor_id = ${actor} OR actor_name = ${actor})`);
  }
  if (filter.fact !== undefined) parts.push(`fact = ${bind(filter.fact)}`);
  if (filter.from !== undefined) parts.push(`at >= ${bind(filter.from)}::timestamptz`);
  if (filter.to !== undefined) parts.push(`at < ${bind(filter.to)}::timestamptz`);
  return { where: parts.join(' AND '), params };
}

interface ActivityRow {
  id: string;
  at: Date | string;
  fact: string;
  subject: string;
  record_id: string | null;
  customer_id: string | null;
  actor_type: ActorType;
  actor_id: string;
  actor_name: string;
  delta: Record<string, unknown>;
  previous: Record<string, unknown>;
  total: number;
}

function entryOf(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    fact: row.fact,
    subject: row.subject,
    recordId: row.record_id,
    customerId: row.customer_id,
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    delta: row.delta,
    previous: row.previous,
  };
}

/** A page of the entries `filter` keeps, newest first, with how many it keeps in all. */
export async function listActivity(
  db: Queryable,
  filter: ActivityFilter,
  page: number,
  size: number,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const { where, params } = conditions(filter, 3);
  const { rows } = await db.query<ActivityRow>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM activity WHERE ${where}
     ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
    [size, page * size, ...params],
  );
  if (rows.length > 0) return { entries: rows.map(entryOf), total: Number(rows[0]!.total) };
  return { entries: [], total: await countActivity(db, filter) };
}

/** How many entries `filter` keeps (a page past the last one still says how many there are). */
export async function countActivity(db: Queryable, filter: ActivityFilter): Promise<number> {
  const { where, params } = conditions(filter, 1);
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM activity WHERE ${where}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}

/** Deletes up to `limit` entries older than `before`, oldest first; answers how many. */
export async function purgeActivity(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < $1 ORDER BY at LIMIT $2)',
    [before.toISOString(), limit],
  );
  return rowCount;
}
