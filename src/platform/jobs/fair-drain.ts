import { setTimeout as sleep } from 'node:timers/promises';
import { type TenantKey, tenantOf } from './fair-share.js';

/** One claim of a fair round: the items taken, and whether the walk over tenants came back to the first. */
export interface FairClaim<Item> {
  items: Item[];
  wrapped: boolean;
}

/** Work kept in a table and done per tenant (notification dispatch and delivery, imports). */
export interface FairWork<Item> {
  /**
   * Takes due items of the tenants not in `busy`, a few per tenant (fairPick), for at most `room` tenants: the next
   * tenants in turn after the last claim's.
   */
  claim(busy: readonly string[], room: number): Promise<FairClaim<Item>>;
  ownerOf(item: Item): TenantKey;
  /** Does the items one claim took for one tenant; its failures are its own (recorded on the items). */
  run(items: Item[]): Promise<void>;
}

export interface FairDrainOptions {
  /** Tenants whose work runs at once. */
  concurrency: number;
  /** While work runs and nothing else is due, how often to look again. */
  pollMs: number;
  signal: AbortSignal;
}

/**
 * Does the work until none is due, as a job run: each tenant's claimed items run as one group, a tenant has at most
 * one group running, and as soon as any group ends the next claim serves the tenants in turn. So a tenant whose
 * work is slow (receivers timing out, heavy programs, a large import) holds one slot, never the others' turn: a
 * second tenant's due work starts within a claim, not after the slow tenant's backlog. Answers how many items ran;
 * rethrows the first failure of a group once every group has ended.
 */
export async function drainFairly<Item>(work: FairWork<Item>, options: FairDrainOptions): Promise<number> {
  const running = new Map<string, Promise<void>>();
  let done = 0;
  let failure: unknown;
  const start = (tenant: string, items: Item[]) => {
    const group = work
      .run(items)
      .then(() => {
        done += items.length;
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => running.delete(tenant));
    running.set(tenant, group);
  };
  try {
    while (!options.signal.aborted) {
      if (running.size < options.concurrency) {
        const { items, wrapped } = await work.claim([...running.keys()], options.concurrency - running.size);
        for (const [tenant, group] of groupByTenant(items, work)) start(tenant, group);
        if (items.length > 0 || !wrapped) continue;
      }
      if (running.size === 0) break;
      await Promise.race([...running.values(), sleep(options.pollMs, undefined, { ref: false })]);
    }
  } finally {
    // A claim that failed ends the run only once the groups in hand have: the next run must not start a second
    // group of a tenant whose first still runs.
    await Promise.all(running.values());
  }
  if (failure !== undefined) throw failure;
  return done;
}

/** The items of each tenant, in the order given. */
export function groupByTenant<Item>(items: Item[], owner: Pick<FairWork<Item>, 'ownerOf'>): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const tenant = tenantOf(owner.ownerOf(item));
    const group = groups.get(tenant);
    if (group) group.push(item);
    else groups.set(tenant, [item]);
  }
  return groups;
}
