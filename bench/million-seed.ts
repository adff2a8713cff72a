import { productKind } from '../src/apis/catalog/product.kind.js';
import type { Database } from '../src/platform/db/database.js';
import { newId } from '../src/platform/ids.js';
import { wordVector } from '../src/platform/resource/document/search-words.js';
import { insertRecords, type RowWrite } from '../src/platform/resource/sql/statements.js';

/**
 * The fast way to a million products (`SEED=rows`, the default of bench/million-server.ts): the rows the engine's
 * batch create would store (the same document shape, filter keys and words, a variant's words holding its parent's),
 * written with the engine's own `insertRecords` statement, 2,000 a statement, without what reads never look at
 * (history, events, activity) and without the create's rules. The batch create (`SEED=service`) stores about 25
 * products a second on this machine under other helpers' load: a million would take half a day.
 */
const ROWS_PER_STATEMENT = 2000;
const PARENT_FIELDS = ['genericName', 'publisherRefId', 'codeName'] as const;

type Body = Record<string, unknown>;

function rowOf(body: Body, parent: Body | undefined): RowWrite {
  const id = newId();
  const now = new Date();
  const doc: Body = { ...body, id, dbVersion: 0, createDate: now.toISOString(), updateDate: now.toISOString() };
  if (parent) Object.assign(doc, { parentId: parent.id, variantOf: parent.id });
  const own = Object.entries(productKind.words!.fields).map(([field, weight]) => ({ value: doc[field], weight }));
  const inherited = parent ? PARENT_FIELDS.map((field) => ({ value: parent[field], weight: 'C' as const })) : [];
  return {
    id,
    doc,
    dbVersion: 0,
    customerId: String(body.customerId),
    createdAt: now,
    updatedAt: now,
    words: wordVector([...own, ...inherited]),
  };
}

/** Products [from, to) made by `bodyOf(n, parent)`: the fifth of every five is a variant of the fourth. */
export async function seedRows(
  db: Database,
  from: number,
  to: number,
  bodyOf: (n: number, parentId?: string) => Body,
): Promise<void> {
  let parent: Body | undefined;
  let rows: RowWrite[] = [];
  const pending: Promise<unknown>[] = [];
  const flush = async () => {
    const statement = insertRecords(productKind, rows);
    rows = [];
    pending.push(db.query(statement.text, statement.values));
    // Two statements at a time, one per core.
    if (pending.length >= 2) await Promise.all(pending.splice(0));
  };
  for (let n = from; n < to; n += 1) {
    const variantOf = n % 5 === 4 && parent ? parent : undefined;
    const row = rowOf(bodyOf(n, variantOf ? String(variantOf.id) : undefined), variantOf);
    if (n % 5 === 3) parent = row.doc;
    rows.push(row);
    if (rows.length === ROWS_PER_STATEMENT) await flush();
  }
  if (rows.length) await flush();
  await Promise.all(pending);
}
