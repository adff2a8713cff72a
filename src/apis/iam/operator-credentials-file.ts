import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { systemClock } from '../../platform/clock.js';

export const CREDENTIALS_FILE_NAME = 'operator-credentials.env';

/** A value a POSIX shell reads back as it is: bare when plain, else single-quoted. */
function shellValue(value: string): string {
  return /^[\w.@%+=:,/-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes credentials generated at first start to `DATA_DIR/operator-credentials.env` (mode 0600, `NAME=value` lines
 * a shell can source) and returns its absolute path. Secrets never go to the log stream, which is usually shipped
 * and kept elsewhere. Written aside and renamed, so a reader never sees half a file.
 */
export function writeCredentialsFile(dataDir: string, values: Record<string, string>): string {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(join(dataDir, CREDENTIALS_FILE_NAME));
  const lines = [
    `# Operator credentials generated on first start (${systemClock.now().toISOString()}); the database keeps only their hashes.`,
    '# They stay valid across restarts until OPERATOR_CLIENT_SECRET or ADMIN_PASSWORD set in the environment replace them',
    '# (a start then takes the replaced ones out of this file). To use them in a shell: set -a; . ./operator-credentials.env; set +a',
    '# Keep them somewhere safe (or set OPERATOR_CLIENT_SECRET and ADMIN_PASSWORD yourself), then delete this file.',
    ...Object.entries(values).map(([name, value]) => `${name}=${shellValue(value)}`),
  ];
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, `${lines.join('\n')}\n`, { mode: 0o600 });
  renameSync(aside, path);
  return path;
}

/** Where the file of generated credentials is, whether or not it exists. */
export function credentialsFilePath(dataDir: string): string {
  return resolve(join(dataDir, CREDENTIALS_FILE_NAME));
}

/** What the environment replaced at this start: the client secret, and the password of this administrator. */
export interface ReplacedCredentials {
  clientSecret: boolean;
  adminUsername?: string;
}

/**
 * Values the environment now sets instead of generated ones no longer work: their lines leave the file (an
 * administrator's only when the file names that administrator), which is removed when no value is left in it.
 * Answers what became of the file.
 */
export function forgetCredentials(dataDir: string, replaced: ReplacedCredentials): 'rewritten' | 'removed' | 'absent' {
  const path = credentialsFilePath(dataDir);
  if (!existsSync(path)) return 'absent';
  const lines = readFileSync(path, 'utf8').split('\n');
  const sameAdmin =
    replaced.adminUsername !== undefined && lines.includes(`ADMIN_USERNAME=${shellValue(replaced.adminUsername)}`);
  const names = [
    ...(replaced.clientSecret ? ['OPERATOR_CLIENT_SECRET'] : []),
    ...(sameAdmin ? ['ADMIN_USERNAME', 'ADMIN_PASSWORD'] : []),
  ];
  if (names.length === 0) return 'absent';
  const kept = lines.filter((line) => !names.some((name) => line.startsWith(`${name}=`)));
  if (!kept.some((line) => /^[A-Z_]+=/.test(line))) {
    rmSync(path, { force: true });
    return 'removed';
  }
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, kept.join('\n'), { mode: 0o600 });
  renameSync(aside, path);
  return 'rewritten';
}
