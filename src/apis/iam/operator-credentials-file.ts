import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
    `# Operator credentials generated on first start (${new Date().toISOString()}); the database keeps only their hashes.`,
    '# They stay valid across restarts. To use them in a shell: set -a; . ./operator-credentials.env; set +a',
    '# Keep them somewhere safe (or set OPERATOR_CLIENT_SECRET and ADMIN_PASSWORD yourself), then delete this file.',
    ...Object.entries(values).map(([name, value]) => `${name}=${shellValue(value)}`),
  ];
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, `${lines.join('\n')}\n`, { mode: 0o600 });
  renameSync(aside, path);
  return path;
}
