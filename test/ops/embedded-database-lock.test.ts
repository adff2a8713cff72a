import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { ServerProcess } from './server-process.js';

// One DATA_DIR for the file: creating an embedded database takes long, so later tests reuse the first one's.
let dataDir: string;
const servers: ServerProcess[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'embedded-lock-'));
});
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
  rmSync(join(dataDir, 'server.lock'), { force: true });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A server on the embedded database under `dataDir` (no DATABASE_URL), on a port of its own. */
async function embeddedServer(port?: number, dir = dataDir): Promise<ServerProcess> {
  const server = new ServerProcess({
    PORT: String(port ?? (await freePort())),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    OPERATOR_CLIENT_SECRET: 'lock-test-secret',
    ADMIN_PASSWORD: 'lock-test-password',
    LOG_LEVEL: 'info',
  });
  servers.push(server);
  return server;
}

const listening = (server: ServerProcess) =>
  server.waitForLog((l) => String(l.msg).startsWith('Server listening'), 'that it listens');
const lockHolder = (dir = dataDir) =>
  (JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')) as { pid: number }).pid;

describe('two servers on one embedded database', () => {
  it('refuses to start the second with one line naming the first, which keeps serving', async () => {
    const port = await freePort();
    const first = await embeddedServer(port);
    await listening(first);
    expect(lockHolder()).toBe(first.child.pid);

    const second = await embeddedServer();
    expect(await second.exited).toBe(1);
    const lines = second.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^start-up failed: DATA_DIR "${dataDir}" is in use by another server \\(pid ${first.child.pid} on .+, since .+\\); stop it, or run several instances on PostgreSQL \\(DATABASE_URL\\)$`,
      ),
    );
    expect(lockHolder()).toBe(first.child.pid);
    expect((await fetch(`http://127.0.0.1:${port}/health/ready`, { headers: { connection: 'close' } })).status).toBe(
      200,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 180_000);

  it('takes over a lock whose process is gone, and says so in the log', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(
      join(dataDir, 'server.lock'),
      JSON.stringify({ pid: gone, host: 'old-host', since: '2026-01-01T00:00:00.000Z' }),
    );
    const server = await embeddedServer();
    await listening(server);
    expect(lockHolder()).toBe(server.child.pid);
    expect(server.logLines().find((l) => l.stalePid === gone)?.msg).toBe(
      'took over server.lock in DATA_DIR from a server that is gone',
    );
  }, 180_000);
});

describe('a port already in use', () => {
  it('is reported before the database is opened or locked', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'embedded-lock-port-'));
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      // The DATA_DIR is held by a live process too: the port is still what is reported, and nothing is touched.
      writeFileSync(join(fresh, 'server.lock'), JSON.stringify({ pid: process.pid, host: 'test', since: 'now' }));
      const server = await embeddedServer(port, fresh);
      expect(await server.exited).toBe(1);
      expect(server.stderr).toBe(`start-up failed: port ${port} is already in use\n`);
      expect(readdirSync(fresh)).toEqual(['server.lock']);
      expect(lockHolder(fresh)).toBe(process.pid);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
