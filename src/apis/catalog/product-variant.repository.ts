import type { Queryable } from '../../platform/db/database.js';

/** SQL of variant moves beside the engine's statements on products: one statement per function. */

/** Holds `key`'s lock until the transaction ends (a customer's variant moves, one at a time). */
export async function lockVariantMovesOf(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}
