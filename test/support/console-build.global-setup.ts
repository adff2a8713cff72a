import { buildConsole, consoleBuildIsStale } from '../../scripts/ensure-console-built.js';

/** The browser tests drive the console as `npm start` serves it: built once per run, before any test file starts. */
export default function setup(): void {
  if (consoleBuildIsStale()) buildConsole();
}
