import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../clock.js';

/** The process holding a DATA_DIR, as its lock file records it. */
export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** DATA_DIR's embedded database is open in another live process. */
export class DataDirInUseError extends Error {}

export const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return Number.isSafeInteger(holder.pid) && holder.pid! > 0
      ? { pid: holder.pid!, host: String(holder.host), since: String(holder.since) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Creates `path` holding `content`, atomically and only if it does not exist (a link never exposes a half-written file). */
function createExclusive(path: string, content: string): boolean {
  const draft = `${path}.${process.pid}.tmp`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

export interface DataDirLock {
  /** The holder whose lock was taken over because its process is gone. */
  tookOverFrom: LockHolder | undefined;
  release(): void;
}

/**
 * Takes DATA_DIR for this process, so a second server cannot open the same embedded database (PGlite is
 * single-process: two writers lose each other's commits). The lock file records pid, host and start time. A lock
 * whose process is gone (or is this very process: a container restarted with the same pid) is taken over. The lock is
 * released when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: systemClock.now().toISOString() };
  let tookOverFrom: LockHolder | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (createExclusive(path, `${JSON.stringify(mine)}\n`)) {
      const release = () => {
        if (readHolder(path)?.pid === mine.pid) rmSync(path, { force: true });
      };
      process.once('exit', release);
      return { tookOverFrom, release };
    }
    const holder = readHolder(path);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new DataDirInUseError(
        `DATA_DIR "${dataDir}" is in use by another server (pid ${holder.pid} on ${holder.host}, since ${holder.since}); stop it, or run several instances on PostgreSQL (DATABASE_URL)`,
      );
    }
    tookOverFrom = holder;
    rmSync(path, { force: true });
  }
  throw new DataDirInUseError(`DATA_DIR "${dataDir}" is being taken by another server starting at the same time`);
}
