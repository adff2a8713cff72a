import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONSOLE_API_TYPES, consoleApiTypes } from '../../scripts/console-api-types.js';
import { useApp } from '../support/fixture.js';

/**
 * The console is typed against the API as it is: its generated client types equal what the service's document gives
 * today, and the console type-checks with them, so a changed API breaks this test (and the console's build), not
 * the console's users.
 */

const { t } = await useApp();

describe('the console against the current API', () => {
  it('has API types generated from the OpenAPI document the service serves now (npm run console:api)', async () => {
    const current = await consoleApiTypes(t.app.swagger());
    // A readable failure: the first differing line, not a 10,000-line diff.
    const stored = readFileSync(CONSOLE_API_TYPES, 'utf8').split('\n');
    const fresh = current.split('\n');
    const differing = fresh.findIndex((line, index) => line !== stored[index]);
    const first = differing === -1 ? Math.min(fresh.length, stored.length) : differing;
    expect(
      differing === -1 && fresh.length === stored.length
        ? 'up to date'
        : `stale from line ${first + 1}: run npm run console:api`,
    ).toBe('up to date');
  });

  it('type-checks in TypeScript strict mode with those types', async () => {
    const run = promisify(execFile);
    // Incremental, with the build information `npm run typecheck` keeps too: tsc re-checks what changed since (by
    // content), so a run after the type-check, or after a run with no change to the console, takes 3 s, not 11.
    const result = await run(
      process.execPath,
      [
        'node_modules/typescript/bin/tsc',
        ...['-p', 'console/tsconfig.json', '--noEmit', '--incremental'],
        ...['--tsBuildInfoFile', 'node_modules/.cache/tsc/console.tsbuildinfo'],
      ],
      { encoding: 'utf8' },
    ).catch((failure: { stdout: string }) => failure);
    expect(result.stdout).toBe('');
  }, 120_000);
});
