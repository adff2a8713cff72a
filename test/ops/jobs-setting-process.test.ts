import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enabledJobsIn } from '../support/declared-jobs.js';
import { freePort } from '../support/free-port.js';
import { ServerProcess } from './server-process.js';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start with NOTIFICATION_WORKER=off, the deprecated name of JOBS', () => {
  it('warns that the name is deprecated, serves the API, and runs no job but the revocation poll', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'jobs-off-'));
    server = new ServerProcess({
      DATABASE_URL: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_CLIENT_SECRET: 'jobs-off-operator-secret',
      ADMIN_PASSWORD: 'jobs-off-admin-password',
      LOG_LEVEL: 'info',
      NOTIFICATION_WORKER: 'off',
    });
    const warning = await server.waitForLog(
      (l) => String(l.msg).startsWith('NOTIFICATION_WORKER is deprecated'),
      'the deprecation warning',
    );
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('JOBS=off') });
    await server.waitForLog((l) => String(l.msg).startsWith('Server listening'), 'that it listens');
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(enabledJobsIn(await metrics.text())).toEqual(['revoked-sessions poll']);
    const token = await fetch(`http://127.0.0.1:${port}/iam/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        realmName: 'operator',
        grantType: 'client_credentials',
        clientSecret: 'jobs-off-operator-secret',
      }),
    });
    expect(token.status).toBe(200);
  }, 120_000);
});
