import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { DataEncryption, DecryptionError } from '../../../src/platform/crypto/data-encryption.js';
import { KEY_FILE_NAME, loadDataEncryptionKey } from '../../../src/platform/crypto/data-encryption-key.js';

describe('DataEncryption (AES-256-GCM)', () => {
  const sealer = new DataEncryption(randomBytes(32));
  const secret = Buffer.from('private key material');

  it('opens what it sealed, in the same context; a sealed value never shows the plain text', () => {
    const sealed = sealer.seal(secret, 'owner-1');
    expect(sealed).toMatch(/^v1\.[\w-]{11}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(sealer.open(sealed, 'owner-1')).toEqual(secret);
    expect(sealer.seal(secret, 'owner-1')).not.toBe(sealed);
  });

  it('refuses another context, an altered value and another key, saying which key sealed it', () => {
    const sealed = sealer.seal(secret, 'owner-1');
    expect(() => sealer.open(sealed, 'owner-2')).toThrow(DecryptionError);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered!').toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'owner-1')).toThrow(DecryptionError);
    const other = new DataEncryption(randomBytes(32));
    expect(() => other.open(sealed, 'owner-1')).toThrow(
      `sealed with key ${sealer.keyId}, but the configured DATA_ENCRYPTION_KEY is ${other.keyId}`,
    );
    expect(() => sealer.open('v0.x', 'owner-1')).toThrow('not in a known format');
  });
});

describe('DATA_ENCRYPTION_KEY', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const dataDir = () => (dir = mkdtempSync(join(tmpdir(), 'data-key-')));

  it('is read from the configuration when set, and must be the base64 of 32 bytes', () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_ENCRYPTION_KEY: key.toString('base64') });
    expect(loadDataEncryptionKey(config)).toEqual({ key, origin: 'config' });
    for (const bad of ['short', randomBytes(16).toString('base64'), `${key.toString('base64url')}`]) {
      expect(() => loadConfig({ DATA_ENCRYPTION_KEY: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'x' })).toThrow(
      'DATA_ENCRYPTION_KEY must be the base64 of 32 bytes',
    );
  });

  it('is generated once in DATA_DIR with mode 0600 when unset, then read back', () => {
    const config = {
      dataEncryptionKey: undefined,
      dataDir: join(dataDir(), 'nested'),
      databaseUrl: 'postgres://db/app',
    };
    const first = loadDataEncryptionKey(config);
    const path = join(config.dataDir, KEY_FILE_NAME);
    expect(first).toMatchObject({ origin: 'generated', path });
    expect(first.warning).toContain('Every instance sharing this database must use the same key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toEqual(first.key);
    const second = loadDataEncryptionKey(config);
    expect(second).toEqual({ key: first.key, origin: 'file', path });
  });

  it('warns about a key file others can read, and refuses one that is not a key', () => {
    const config = { dataEncryptionKey: undefined, dataDir: dataDir(), databaseUrl: undefined };
    const path = join(config.dataDir, KEY_FILE_NAME);
    writeFileSync(path, randomBytes(32).toString('base64'));
    chmodSync(path, 0o644);
    expect(loadDataEncryptionKey(config).warning).toContain('chmod 600');
    writeFileSync(path, 'not a key');
    expect(() => loadDataEncryptionKey(config)).toThrow(ConfigError);
  });

  it('is kept in memory only for an in-memory database', () => {
    const config = { dataEncryptionKey: undefined, dataDir: dataDir(), databaseUrl: 'memory://' };
    expect(loadDataEncryptionKey(config).origin).toBe('ephemeral');
    expect(() => statSync(join(config.dataDir, KEY_FILE_NAME))).toThrow();
  });
});
