import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_PROFILE=<file>: a CPU profile of the bench server from the end of its seeding to its end, so the figures of
 * the load alone can be read (open the file in Chrome DevTools or speedscope). Answers the function that writes it.
 */
export async function profileLoad(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}
