import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../ops/server-process.js';
import { freePort } from '../support/free-port.js';
import { blocksOf, type DocBlock, documentedPages, serverSettings } from './doc-blocks.js';

/**
 * Documentation tests: the `sh` blocks of README.md and of each page of docs/ run in order, in bash, against a real
 * server started with the settings the README tells a newcomer to export. A page's blocks continue from the README's
 * prelude (`$API`, `field`, `$TOKEN`). A block fails when a command fails: `curl` fails on an HTTP error unless the
 * example prints the status itself (`-w`), and `field` fails when the answer lacks the field.
 */

const pages = documentedPages().map((page) => ({ page, blocks: blocksOf(page) }));
const allBlocks = pages.flatMap((p) => p.blocks);
const prelude = allBlocks.filter((block) => block.role === 'prelude');

let server: ServerProcess;
let port: number;
let dataDir: string;

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'doc-tests-'));
  const databaseUrl = process.env.DATABASE_URL || 'memory://';
  server = new ServerProcess({
    ...serverSettings(allBlocks),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...(databaseUrl.startsWith('postgres') ? { DATABASE_SCHEMA: `docs_${randomBytes(6).toString('hex')}` } : {}),
    LOG_LEVEL: 'warn',
  });
  await waitUntilReady(`http://127.0.0.1:${port}/health/ready`);
}, 120_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitUntilReady(url: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped: ${server.stderr}`);
    const ready = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready in 60 s: ${server.stderr}`);
}

const PREAMBLE = `set -euo pipefail
# An HTTP error fails the example, unless it prints the status itself.
curl() { case " $* " in *" -w "*|*" --write-out "*) command curl "$@" ;; *) command curl --fail-with-body "$@" ;; esac; }
trap 'status=$?; jobs -p | xargs -r kill 2>/dev/null; exit $status' EXIT
`;

/** One bash script: the prelude, then each block, announcing itself on stderr so a failure names its block. */
function scriptOf(blocks: DocBlock[]): string {
  return PREAMBLE + blocks.map((block) => `echo "@@ ${block.page}:${block.line}" >&2\n${block.text}`).join('\n');
}

function run(script: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: cwd, PORT: String(port) },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Where a failed script stopped: its last announced block and what that block wrote. */
function failure(stderr: string, stdout: string): string {
  const announced = stderr.lastIndexOf('@@ ');
  const where = announced >= 0 ? stderr.slice(announced + 3).split('\n')[0] : 'before the first block';
  return `the block at ${where} failed:\n${stderr.slice(Math.max(announced, 0))}\n--- stdout (end) ---\n${stdout.slice(-3000)}`;
}

describe('the documentation runs as written', () => {
  it('has examples on every page that shows a call, and a README prelude and server settings', () => {
    expect(prelude.length).toBeGreaterThan(0);
    expect(serverSettings(allBlocks)).toHaveProperty('OPERATOR_CLIENT_SECRET');
    const names = /\$\{?(BASE|T|OPERATOR|OPERATOR_TOKEN)\b|https:\/\/api\.example\.com|localhost:8080\//;
    for (const block of allBlocks.filter((b) => b.role === 'example'))
      expect(block.text, `${block.page}:${block.line}`).not.toMatch(names);
  });

  for (const { page, blocks } of pages) {
    const examples = blocks.filter((block) => block.role === 'example');
    if (examples.length === 0) continue;
    // The README runs its own prelude where it stands; every other page starts from it.
    const runnable =
      page === 'README.md'
        ? blocks.filter((block) => block.role === 'example' || block.role === 'prelude')
        : [...prelude, ...examples];
    it(`runs the examples of ${page} in order`, async () => {
      // Files the examples write (an upload, a receiver's log) stay in a directory of their own.
      const cwd = mkdtempSync(join(tmpdir(), 'doc-page-'));
      try {
        const { code, stdout, stderr } = await run(scriptOf(runnable), cwd);
        expect(code, failure(stderr, stdout)).toBe(0);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
