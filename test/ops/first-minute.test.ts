import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { ServerProcess } from './server-process.js';

/**
 * A person's first minute (README's first block): the start log says where the console is and where the operator's
 * credentials are, and the service's root leads to the console.
 */
let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function started(env: Record<string, string>) {
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'first-minute-'));
  server = new ServerProcess({
    DATABASE_URL: 'memory://',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JOBS: 'off',
    ...env,
  });
  const line = await server.waitForLog((l) => String(l.msg).startsWith('the console is at'), 'where the console is');
  return { port, line, dataDir };
}

describe('npm start, the first minute', () => {
  it('logs the console address and the file of the generated credentials, and redirects / to the console', async () => {
    const { port, line, dataDir } = await started({});
    const file = join(dataDir, 'operator-credentials.env');
    expect(line).toMatchObject({
      console: `http://localhost:${port}/console`,
      credentials: `the generated ones in ${file}`,
    });
    expect(line.msg).toContain('(realm operator, user admin)');
    const root = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console');
  });

  it('says the credentials come from the environment when both are set', async () => {
    const { line } = await started({ ADMIN_PASSWORD: 'first-minute-admin', OPERATOR_CLIENT_SECRET: 'first-minute-op' });
    expect(line.credentials).toBe('ADMIN_PASSWORD and OPERATOR_CLIENT_SECRET from the environment');
  });

  it("says in the README's first paragraphs what the start does: the console's address, its first build, the generated credentials' file and how to follow First calls", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const opening = readme.slice(0, readme.indexOf('\n## '));
    const { port, line, dataDir } = await started({});
    // The address and the file the log names are the ones the README gives (on its default port, in ./data).
    expect(opening).toContain(String(line.console).replace(`:${port}`, ':8080'));
    expect(opening).toContain(
      String(line.credentials).replace(`${dataDir}/`, 'data/').replace('the generated ones in ', ''),
    );
    expect(opening).toMatch(/first start also builds the console/);
    expect(opening).toMatch(/\[First calls\]\(#first-calls\)/);
    expect(opening).toContain('realm `operator` as `admin`');
  });
});
