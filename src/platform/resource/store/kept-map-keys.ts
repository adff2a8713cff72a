import { LRUCache } from 'lru-cache';
import type { Statement } from '../sql/statements.js';

/** Headers kept per service: a few hundred exports' worth of key tuples is a few megabytes at most. */
const MAX_KEPT = 500;

/**
 * The map keys of listings restricted to owners (`mapKeys`, a CSV export's header), each under the generation its
 * owners had when it was read (migration 0025, as `ListingCounts`): served again only while no write of those owners
 * has been committed since, so an export of an unchanged catalogue does not scan every match before its first byte.
 * The generation is read before the keys: a write committed between the two is seen by every later read of the
 * generation, so the keys, which may include it, are never served under a generation that lacks it.
 */
export class KeptMapKeys {
  private readonly kept = new LRUCache<string, { generation: string; found: string[][][] }>({ max: MAX_KEPT });

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
