import type { Transaction } from './database.js';

/**
 * Runs `work` in a savepoint of `tx`: kept when `keep(outcome)` says so, rolled back otherwise or when it throws, so
 * one item of a batch (a bulk import's row) can fail alone and leave nothing behind. `name` is code's, never input.
 */
export async function inSavepoint<T>(
  tx: Transaction,
  name: string,
  keep: (outcome: T) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const outcome = await work();
    await tx.query(keep(outcome) ? `RELEASE SAVEPOINT ${name}` : `ROLLBACK TO SAVEPOINT ${name}`);
    return outcome;
  } catch (error) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}
