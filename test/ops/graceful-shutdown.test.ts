import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { RawConnection, requestHead } from './raw-http.js';
import { ServerProcess } from './server-process.js';

const SECRET = 'shutdown-test-operator-secret';
let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function connectError(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
  });
}

/**
 * Connects until the port refuses. A connect may still succeed just after SIGTERM (the listener closes a moment
 * later, in another process); such a connection is dropped and the next attempt made.
 */
async function refusal(port: number): Promise<string> {
  for (;;) {
    const code = await connectError(port);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function operatorToken(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/iam/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ realmName: 'operator', grantType: 'client_credentials', clientSecret: SECRET }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, closes idle ones, then exits 0', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    server = new ServerProcess({
      DATABASE_URL: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_CLIENT_SECRET: SECRET,
      ADMIN_PASSWORD: 'shutdown-admin-password',
      LOG_LEVEL: 'info',
    });
    await server.waitForLog((l) => String(l.msg).startsWith('Server listening'), 'that it listens');
    const token = await operatorToken(port);

    // An idle keep-alive connection: it has had its answer and stays open.
    const idle = await RawConnection.open(port);
    idle.write(requestHead('GET', '/health/live', {}));
    expect((await idle.response()).status).toBe(200);

    // A request in flight: its head and half of its body are sent; the server has started on it.
    const body = JSON.stringify({ startDate: '2026-01-01T00:00:00Z', template: 'sent-during-shutdown', model: 'MOR' });
    const slow = await RawConnection.open(port);
    const head = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': 'in-flight',
    };
    slow.write(requestHead('POST', '/terms', head) + body.slice(0, 20));
    await server.waitForLog((l) => l.reqId === 'in-flight' && l.msg === 'incoming request', 'the in-flight request');

    server.child.kill('SIGTERM');
    // While the request is still in flight: idle connections are closed and new ones refused.
    await idle.closed;
    expect(await refusal(port)).toBe('ECONNREFUSED');

    slow.write(body.slice(20));
    const response = await slow.response();
    expect(response.status).toBe(201);
    // Its keep-alive connection is not kept: the server would otherwise wait for it before exiting.
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toMatchObject({ template: 'sent-during-shutdown', dbVersion: 0 });

    expect(await server.exited).toBe(0);
    expect(server.logLines().map((l) => l.msg)).toEqual(
      expect.arrayContaining(['shutting down: finishing in-flight requests', 'shut down']),
    );
    expect(server.stderr).toBe('');
  }, 90_000);
});
