import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError } from '../../config.js';

export const KEY_FILE_NAME = 'data-encryption.key';

export interface LoadedKey {
  key: Buffer;
  /** `config`: DATA_ENCRYPTION_KEY; `file`: read from DATA_DIR; `generated`: created in DATA_DIR now; `ephemeral`: in memory (memory:// database). */
  origin: 'config' | 'file' | 'generated' | 'ephemeral';
  path?: string;
  /** Something the operator should know (logged at start). */
  warning?: string;
}

function decode(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32)
    throw new ConfigError(`${where} must hold the base64 of 32 bytes (e.g. the output of \`openssl rand -base64 32\`)`);
  return key;
}

/** Creates the key file atomically with mode 0600: written aside, then linked into place (which fails if another process won). */
function createKeyFile(path: string): boolean {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * The key that seals data at rest: DATA_ENCRYPTION_KEY when set; otherwise the key kept in `DATA_DIR/data-encryption.key`,
 * generated (mode 0600) on first start. An in-memory database gets an in-memory key: nothing it seals outlives the process.
 */
export function loadDataEncryptionKey(
  config: Pick<Config, 'dataEncryptionKey' | 'dataDir' | 'databaseUrl'>,
): LoadedKey {
  if (config.dataEncryptionKey)
    return { key: decode(config.dataEncryptionKey, 'DATA_ENCRYPTION_KEY'), origin: 'config' };
  if (config.databaseUrl === 'memory://') return { key: randomBytes(32), origin: 'ephemeral' };
  const path = join(config.dataDir, KEY_FILE_NAME);
  let generated = false;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    generated = createKeyFile(path);
  } catch (error) {
    throw new ConfigError(`DATA_ENCRYPTION_KEY is unset and ${path} cannot be created: ${(error as Error).message}`);
  }
  const key = decode(readFileSync(path, 'utf8'), path);
  const shared = config.databaseUrl
    ? ' Every instance sharing this database must use the same key: set DATA_ENCRYPTION_KEY.'
    : '';
  if (generated)
    return {
      key,
      origin: 'generated',
      path,
      warning: `DATA_ENCRYPTION_KEY is unset: generated a key in ${path} (mode 0600); keep it with the data.${shared}`,
    };
  const loose = (statSync(path).mode & 0o077) !== 0;
  return {
    key,
    origin: 'file',
    path,
    ...(loose ? { warning: `${path} is readable by other users; chmod 600 it` } : {}),
  };
}
