import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../../src/platform/db/data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, LOCK_FILE);
const holderPid = () => (JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number }).pid;
/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('lockDataDir', () => {
  it('records this process and releases the lock', () => {
    const lock = lockDataDir(dir);
    expect(holderPid()).toBe(process.pid);
    expect(lock.tookOverFrom).toBeUndefined();
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('refuses a DATA_DIR held by a live process, naming it', () => {
    writeFileSync(
      lockPath(),
      JSON.stringify({ pid: process.ppid, host: 'elsewhere', since: '2026-01-01T00:00:00.000Z' }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      `DATA_DIR "${dir}" is in use by another server (pid ${process.ppid} on elsewhere, since 2026-01-01T00:00:00.000Z)`,
    );
    expect(holderPid()).toBe(process.ppid);
  });

  it.each([
    ['a process that is gone', () => JSON.stringify({ pid: deadPid(), host: 'h', since: 's' })],
    [
      'this very process (a restarted container reusing its pid)',
      () => JSON.stringify({ pid: process.pid, host: 'h', since: 's' }),
    ],
    ['unreadable content', () => 'garbage'],
  ])('takes over a lock left by %s', (_name, content) => {
    writeFileSync(lockPath(), content());
    const lock = lockDataDir(dir);
    expect(holderPid()).toBe(process.pid);
    lock.release();
  });

  it('releases only a lock that is still its own', () => {
    const lock = lockDataDir(dir);
    writeFileSync(lockPath(), JSON.stringify({ pid: process.ppid, host: 'h', since: 's' }));
    lock.release();
    expect(holderPid()).toBe(process.ppid);
  });
});
