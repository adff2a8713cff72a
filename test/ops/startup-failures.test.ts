import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { ServerProcess } from './server-process.js';

let dir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'startup-'));
});
afterEach(() => server?.kill());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the server with `env` over a valid base and waits for it to stop on its own. */
async function startWith(env: Record<string, string>) {
  const base = {
    DATABASE_URL: 'memory://',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    OPERATOR_CLIENT_SECRET: 'startup-test-secret',
    ADMIN_PASSWORD: 'startup-test-password',
    LOG_LEVEL: 'info',
  };
  server = new ServerProcess({ ...base, ...env });
  const code = await server.exited;
  return { code, stderrLines: server.stderr.split('\n').filter(Boolean) };
}

describe('start-up with a configuration error', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a port that is not a number', { PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, got "abc"'],
    [
      'a database URL of another kind',
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must be memory:// or a postgres://... URL, got "mysql://x"',
    ],
    [
      'an unknown log level',
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
  ];
  for (const [what, env, message] of cases) {
    it(`stops with one line on stderr and exit code 1 for ${what}`, async () => {
      const { code, stderrLines } = await startWith(env);
      expect(code).toBe(1);
      expect(stderrLines).toEqual([`start-up failed: ${message}`]);
    });
  }

  it('stops when DATA_DIR cannot be created (a path under a regular file)', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const { code, stderrLines } = await startWith({ DATA_DIR: join(file, 'data') });
    expect(code).toBe(1);
    expect(stderrLines).toEqual([
      `start-up failed: DATA_DIR "${join(file, 'data')}" cannot be used as a writable directory: part of the path is a file`,
    ]);
  });

  it('stops when the PostgreSQL server cannot be reached', async () => {
    const { code, stderrLines } = await startWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderrLines).toEqual([
      'start-up failed: could not open the database or prepare the service: connect ECONNREFUSED 127.0.0.1:1',
    ]);
  });

  it('stops when the port is already in use', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const { code, stderrLines } = await startWith({ PORT: String(port) });
      expect(code).toBe(1);
      expect(stderrLines).toEqual([`start-up failed: port ${port} is already in use`]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});
