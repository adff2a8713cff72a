import { systemClock } from '../../src/platform/clock.js';

/** Real time passing: for peers outside the app (a server process, a browser, a socket); the app's own time is a ManualClock. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails naming `what` after `timeoutMs` of real time. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = systemClock.now().getTime() + timeoutMs;
  while (!(await check())) {
    if (systemClock.now().getTime() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}
