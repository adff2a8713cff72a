import { isEndUser, type Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { EventDeclaration } from '../../platform/events/event-declarations.js';
import type { JobDefinition } from '../../platform/jobs/job.js';
import { type Page, pageOf, type RecordStores } from '../../platform/resource/declare.js';
import { isStorableText } from '../../platform/resource/documents.js';
import { type ActivityFilter, listActivity, purgeActivity } from './activity.repository.js';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry, type ListActivityQuery } from './activity.schema.js';

/** Entries deleted per statement: short transactions on a table every write appends to. */
export const ACTIVITY_PURGE_BATCH = 1000;
/** How often the activity purge runs. */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The activity log (docs/activity.md): the changes outbox.ts `recordChange` recorded, as each caller may see them —
 * the records of the kinds whose read scope its token holds, of the customers it acts for (the operator: all,
 * its own records included).
 */
export class ActivityService {
  constructor(
    private readonly db: Database,
    private readonly services: Pick<RecordStores, 'definitions'> & { events(): EventDeclaration[] },
  ) {}

  /** The read scope of each subject that records changes: a kind's `<scopeArea>:read`, or what its events declare. */
  private readScopes(): Map<string, string> {
    const scopes = new Map<string, string>();
    for (const definition of this.services.definitions()) scopes.set(definition.name, `${definition.scopeArea}:read`);
    for (const event of this.services.events())
      if (event.readScope && !scopes.has(event.subject)) scopes.set(event.subject, event.readScope);
    return scopes;
  }

  /** The subjects whose read scope the principal's token holds; none for a store's end user (a shopper). */
  private readableSubjects(principal: Principal): string[] {
    if (isEndUser(principal)) return [];
    return [...this.readScopes()].filter(([, scope]) => principal.scopes.has(scope)).map(([subject]) => subject);
  }

  async list(principal: Principal, query: ListActivityQuery): Promise<Page<ActivityEntry>> {
    const { page = 0, size = ACTIVITY_PAGE_SIZE, customerId, from, to, ...equal } = query;
    const empty = pageOf<ActivityEntry>([], page, size, 0);
    let customerIds = principal.isOperator ? undefined : principal.tenantIds;
    if (customerId !== undefined)
      customerIds = customerIds === undefined || customerIds.includes(customerId) ? [customerId] : [];
    const subjects = this.readableSubjects(principal);
    // A value no record can hold (NUL, an unpaired surrogate) matches nothing.
    const texts = [customerId, ...Object.values(equal)].filter((value) => typeof value === 'string');
    if (subjects.length === 0 || customerIds?.length === 0 || !texts.every(isStorableText)) return empty;
    const filter: ActivityFilter = {
      subjects,
      customerIds,
      ...equal,
      from: from === undefined ? undefined : instant(from, 'from'),
      to: to === undefined ? undefined : instant(to, 'to'),
    };
    const { entries, total } = await listActivity(this.db, filter, page, size);
    return pageOf(entries, page, size, total);
  }
}

/**
 * Deletes the entries older than `retentionSeconds` by the service's clock, in batches until none is left (or the
 * process stops); answers how many.
 */
export async function purgeOldActivity(
  deps: { db: Database; clock: Clock },
  retentionSeconds: number,
  signal?: AbortSignal,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionSeconds * 1000);
  let purged = 0;
  for (;;) {
    const deleted = await purgeActivity(deps.db, before, ACTIVITY_PURGE_BATCH);
    purged += deleted;
    if (deleted < ACTIVITY_PURGE_BATCH || signal?.aborted) return purged;
  }
}

/** The `activity purge` job: ACTIVITY_RETENTION, hourly. */
export function activityPurgeJob(deps: { db: Database; clock: Clock }, retentionSeconds: number): JobDefinition {
  return {
    name: 'activity purge',
    does: 'deletes activity entries older than ACTIVITY_RETENTION',
    everyMs: PURGE_EVERY_MS,
    run: (signal) => purgeOldActivity(deps, retentionSeconds, signal),
  };
}

/** A date-time filter as an instant (the pattern lets through dates no calendar has, 2026-02-31: 400). */
function instant(value: string, field: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new ValidationError(`querystring.${field} must be a date-time that exists, got ${JSON.stringify(value)}`);
  return at.toISOString();
}
