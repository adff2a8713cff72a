import { LRUCache } from 'lru-cache';
import type { ListingQuery } from '../declare/listing.js';
import type { PagePlan, Statement } from '../sql/statements.js';

/** A listing's exact count, the generation it was counted at, and the records its owners held then. */
export interface KnownCount {
  generation: string;
  total: number;
  records: number;
}

/**
 * A ranked word search's page (statements.ts `listRecords` without `sort`): the ids of its rows in order, and its
 * total, at a generation. Best match first reads, ranks and counts every match (11,115 for a large customer's
 * `q=product 5` at a million products, 55-60 ms of PostgreSQL's CPU); the same page at the same generation is the
 * same ids, which one statement reads back by id with the generation (statements.ts `pageByIds`).
 */
export interface KnownPage {
  generation: string;
  ids: string[];
  total: number;
}

/** Counts kept per service (one database): statements are the same text in every schema, generations are not. */
const MAX_COUNTS = 10_000;
/** Pages kept: a page's ids and total weigh about as much as a count's key. */
const MAX_PAGES = 10_000;

/**
 * The exact counts of listings restricted to owners, each under the generation it was counted at (migration 0025: a
 * statement that writes an owner's records appends a change row for the owner, with a new value of a sequence, in
 * its transaction; a page reads how many rows each owner has and their largest value, statements.ts
 * `generationColumn`). A count is served only to a page whose statement read the same generations, so it is the
 * count of the page's own snapshot; a write of the owners, committed or not, rolled back or not, is never under a
 * generation seen before. On several instances each keeps its own counts under the generations all of them read from
 * the database. Ranked word search pages are kept the same way, by the statement that reads them.
 */
export class ListingCounts {
  private readonly known = new LRUCache<string, KnownCount>({ max: MAX_COUNTS });
  private readonly pages = new LRUCache<string, KnownPage>({ max: MAX_PAGES });
  /** The first counts being made (`firstCount`), by listing. */
  private readonly counting = new Map<string, Promise<void>>();

  /** The last count of the listing `count` (a `countRecords` statement) counts, at whatever generation. */
  last(count: Statement): KnownCount | undefined {
    return this.known.get(keyOf(count));
  }

  /** The count of `count` at `generation`, when it is known. */
  at(count: Statement, generation: string): number | undefined {
    const known = this.known.get(keyOf(count));
    return known?.generation === generation ? known.total : undefined;
  }

  remember(count: Statement, generation: string, total: number): void {
    this.known.set(keyOf(count), { generation, total, records: recordsOf(generation) });
  }

  /**
   * A listing's first page with no count known reads every match (and counts them): at a million products a large
   * customer's filtered page is ~0.7 s of PostgreSQL, and ten such requests at once took the 2 cores for seconds. So
   * while one request makes the first count of `count`, the others of the same listing wait for it and then read
   * by the plan that count chooses. Resolves to the function the first must call when it is done (counted or
   * failed), or to undefined for a request that need not or did wait.
   */
  async firstCount(count: Statement): Promise<(() => void) | undefined> {
    const key = keyOf(count);
    if (this.known.has(key)) return undefined;
    const pending = this.counting.get(key);
    if (pending) {
      await pending;
      return undefined;
    }
    let done!: () => void;
    this.counting.set(key, new Promise<void>((resolve) => (done = resolve)));
    return () => {
      this.counting.delete(key);
      done();
    };
  }

  /** The ranked word search page `page` (its statement) last read, with the generation it was read at. */
  lastPage(page: Statement): KnownPage | undefined {
    return this.pages.get(keyOf(page));
  }

  rememberPage(page: Statement, known: KnownPage): void {
    this.pages.set(keyOf(page), known);
  }
}

const keyOf = (count: Statement) => `${count.text}\u0000${JSON.stringify(count.values)}`;

/** The records the owners held at `generation` (`owner:generation:records,...`; an owner id may hold ':'). */
function recordsOf(generation: string): number {
  if (generation === '') return 0;
  return generation.split(',').reduce((sum, part) => sum + Number(part.slice(part.lastIndexOf(':') + 1)), 0);
}

/**
 * Walk the owner's index when the rows it expects to read before the page's last match (matches spread evenly:
 * `(offset + size) x records / total`) are at most a quarter of the matches, which the keys' plan would each fetch
 * and sort. At 100,000 products a large customer's `status=ENABLED&sellingStores=store-eu` (4,000 of its 10,000)
 * walks ~50 rows for a first page instead of 4,000; a filter matching 100 of them stays on the keys.
 */
const WALK_SHARE = 4;

/** Orders the owner indexes give: by id (no sort says so), or by createDate then id, in one direction. */
function ownerIndexOrder(query: Pick<ListingQuery, 'sort' | 'words'>): boolean {
  if (query.words !== undefined) return false;
  if (query.sort.length === 0) return true;
  const fields = query.sort.map((key) => key.path.join('.'));
  const oneDirection = query.sort.every((key) => key.descending === query.sort[0]?.descending);
  return oneDirection && (fields.join() === 'id' || fields.join() === 'createDate,id');
}

/**
 * Which plan reads a page (statements.ts `PagePlan`) of a listing that matches filter keys (`keyed`), from its last
 * known count: the keys until a count is known. Only one owner's rows are walked: several owners' (a tenant rule with
 * operator records) are not one range of an index; PostgreSQL chooses for them.
 */
export function pagePlan(
  query: ListingQuery,
  owners: unknown[] | undefined,
  keyed: boolean,
  last: KnownCount | undefined,
): PagePlan {
  if (!keyed || owners?.length !== 1 || !ownerIndexOrder(query)) return 'planner';
  if (!last || last.total === 0) return 'keys';
  const walked = ((query.page * query.size + query.size) * last.records) / last.total;
  return walked * WALK_SHARE <= last.total ? 'walk' : 'keys';
}
