import { LRUCache } from 'lru-cache';
import type { Statement } from '../sql/statements.js';

/**
 * Keys kept per service, counted one a key of a tuple (about 10–15 MB of heap at most, under the service's 320 MiB):
 * thousands of ordinary headers; a header wider than that (a map of 300 countries, 50 currencies and 6 fields each
 * is 270,000 keys) is not kept, and each of its exports scans.
 */
const MAX_KEYS = 200_000;

/**
 * The map keys of listings restricted to owners (`mapKeys`, a CSV export's header), each under the generation its
 * owners had when it was read (migration 0025, as `ListingCounts`): served again only while no write of those owners
 * has been committed since, so an export of an unchanged catalogue does not scan every match before its first byte.
 * The generation is read before the keys: a write committed between the two is seen by every later read of the
 * generation, so the keys, which may include it, are never served under a generation that lacks it.
 */
export class KeptMapKeys {
  private readonly kept = new LRUCache<string, { generation: string; found: string[][][] }>({
    maxSize: MAX_KEYS,
    sizeCalculation: ({ found }) =>
      1 + found.reduce((sum, tuples) => sum + tuples.length * (tuples[0]?.length ?? 0), 0),
  });

  /** The key tuples `keys` (a `mapKeys` statement) found at `generation`, when they are known. */
  at(keys: Statement, generation: string): string[][][] | undefined {
    const known = this.kept.get(keyOf(keys));
    return known?.generation === generation ? known.found : undefined;
  }

  remember(keys: Statement, generation: string, found: string[][][]): void {
    this.kept.set(keyOf(keys), { generation, found });
  }
}

const keyOf = (keys: Statement) => `${keys.text}\u0000${JSON.stringify(keys.values)}`;
