import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a loop over many items may hold the event loop before it lets other requests run. */
export const TURN_MS = 5;

/**
 * For a loop doing CPU work item by item (a page of 500 priced products): `await pause()` after each item returns at
 * once while the turn lasts, and lets the event loop run everything else waiting once the loop has held it `turnMs`.
 * One request's long loop then delays others by a turn at most, never by its whole length.
 */
export function turnTaker(turnMs = TURN_MS): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < turnMs) return;
    await nextTurn();
    started = performance.now();
  };
}
