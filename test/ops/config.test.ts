import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, loadConfig, prepareDataDir } from '../../src/config.js';
import { configRefusal } from '../support/config-refusal.js';

describe("README.md's configuration table", () => {
  it('documents every setting the service reads', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Layout'));
    const undocumented = Object.keys(EnvSchema.properties).filter((name) => !table.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});

describe('loadConfig', () => {
  it('applies the defaults of docs/product-decisions.md §1', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      publicBaseUrl: 'http://localhost:8080',
      adminUsername: 'admin',
      accessTokenTtl: 300,
      refreshTokenTtl: 1800,
      logLevel: 'info',
      outboundAllowlist: [],
    });
    expect(config.notificationRetrySchedule).toEqual([0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
  });

  it('treats an empty variable as unset and derives PUBLIC_BASE_URL from PORT', () => {
    expect(loadConfig({ PORT: '9090', LOG_LEVEL: '', PUBLIC_BASE_URL: '' })).toMatchObject({
      port: 9090,
      logLevel: 'info',
      publicBaseUrl: 'http://localhost:9090',
    });
  });

  it('reads lists and URLs', () => {
    const config = loadConfig({
      OUTBOUND_ALLOWLIST: '127.0.0.1, localhost',
      DATABASE_URL: 'postgres://u@db:5432/app',
      PUBLIC_BASE_URL: 'https://api.example.com/',
    });
    expect(config).toMatchObject({
      outboundAllowlist: ['127.0.0.1', 'localhost'],
      databaseUrl: 'postgres://u@db:5432/app',
      publicBaseUrl: 'https://api.example.com',
    });
  });

  it('accepts only plain whole numbers within range', () => {
    for (const port of ['1.5', '0x50', '1e3', '-1', '70000'])
      expect(configRefusal({ PORT: port })).toBe(`PORT must be a whole number from 0 to 65535, got "${port}"`);
    expect(configRefusal({ ACCESS_TOKEN_TTL: '5' })).toBe(
      'ACCESS_TOKEN_TTL must be a whole number from 10 to 86400, got "5"',
    );
  });

  it('names the variable and the rule in one line for every kind of mistake', () => {
    expect(configRefusal({ DATABASE_URL: 'postgres://a b' })).toBe('DATABASE_URL is not a valid URL: "postgres://a b"');
    expect(configRefusal({ DATABASE_SCHEMA: 'Public' })).toBe(
      'DATABASE_SCHEMA must be a lower-case SQL identifier, got "Public"',
    );
    expect(configRefusal({ PUBLIC_BASE_URL: 'localhost:8080' })).toBe(
      'PUBLIC_BASE_URL must be an http:// or https:// URL, got "localhost:8080"',
    );
    expect(configRefusal({ SMTP_URL: 'mail.example.com' })).toBe(
      'SMTP_URL must be an smtp:// or smtps:// URL, got "mail.example.com"',
    );
    expect(configRefusal({ NOTIFICATION_RETRY_SCHEDULE: '5s,soon' })).toBe(
      'NOTIFICATION_RETRY_SCHEDULE must be a comma list of durations like 0s,5s,5m,2h,1d, got "5s,soon"',
    );
    expect(configRefusal({ TRUSTED_PROXIES: '10.0.0.0/33' })).toBe(
      'TRUSTED_PROXIES must be a comma list of IP addresses or CIDRs, got "10.0.0.0/33"',
    );
    // The operator's admin is a realm user: the same username limit applies
    // (docs/decisions.md#an-end-users-session-subject-and-token-request-fields).
    const long = 'a'.repeat(151);
    expect(configRefusal({ ADMIN_USERNAME: long })).toBe(
      `ADMIN_USERNAME must be 1 to 150 characters, as any realm username, got "${long}"`,
    );
  });

  it('reads the client time limits in seconds, defaults head 20, body 30, whole request 300, keep-alive 72', () => {
    expect(loadConfig({}).timeouts).toEqual({
      headersMs: 20_000,
      bodyMs: 30_000,
      requestMs: 300_000,
      keepAliveMs: 72_000,
    });
    expect(
      loadConfig({ HEADERS_TIMEOUT: '5', BODY_TIMEOUT: '10', REQUEST_TIMEOUT: '10', KEEP_ALIVE_TIMEOUT: '1' }).timeouts,
    ).toEqual({ headersMs: 5000, bodyMs: 10_000, requestMs: 10_000, keepAliveMs: 1000 });
    expect(configRefusal({ HEADERS_TIMEOUT: '0' })).toBe(
      'HEADERS_TIMEOUT must be a whole number from 1 to 3600, got "0"',
    );
    expect(configRefusal({ HEADERS_TIMEOUT: '60', REQUEST_TIMEOUT: '30' })).toBe(
      'HEADERS_TIMEOUT (60) must not exceed REQUEST_TIMEOUT (30)',
    );
    expect(configRefusal({ BODY_TIMEOUT: '400' })).toBe('BODY_TIMEOUT (400) must not exceed REQUEST_TIMEOUT (300)');
  });

  it('believes X-Real-Ip only from the configured proxies', () => {
    const { trustedProxies } = loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' });
    expect(trustedProxies.check('10.1.2.3', 'ipv4')).toBe(true);
    expect(trustedProxies.check('11.1.2.3', 'ipv4')).toBe(false);
    expect(trustedProxies.check('::1', 'ipv6')).toBe(true);
  });
});

describe('DATABASE_REPLICA_URL and REPLICA_MAX_LAG', () => {
  const primary = 'postgres://u@db:5432/app';

  it('reads every statement on the primary unless a replica is set, which may then be at most 1 s behind by default', () => {
    expect(loadConfig({ DATABASE_URL: primary })).toMatchObject({
      databaseReplicaUrl: undefined,
      replicaMaxLagMs: 1000,
    });
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: 'postgres://u@replica:5432/app',
        REPLICA_MAX_LAG: '0.25',
      }),
    ).toMatchObject({ databaseReplicaUrl: 'postgres://u@replica:5432/app', replicaMaxLagMs: 250 });
  });

  it('refuses a replica of the embedded database, a replica that is no postgres:// URL, and a bound out of range', () => {
    expect(configRefusal({ DATABASE_REPLICA_URL: 'postgres://u@replica/app' })).toBe(
      'DATABASE_REPLICA_URL needs DATABASE_URL=postgres://... (the primary it replicates)',
    );
    expect(configRefusal({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'memory://' })).toBe(
      'DATABASE_REPLICA_URL must be a postgres://... URL, got "memory://"',
    );
    for (const lag of ['0', '1e3', 'soon', '3601', '0.0001'])
      expect(configRefusal({ DATABASE_URL: primary, REPLICA_MAX_LAG: lag })).toBe(
        `REPLICA_MAX_LAG must be a number from 0.05 to 3600, got "${lag}"`,
      );
  });
});

describe('JOBS', () => {
  it('is on unless set off', () => {
    expect(loadConfig({})).toMatchObject({ jobs: true, notices: [] });
    expect(loadConfig({ JOBS: 'off' })).toMatchObject({ jobs: false, notices: [] });
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true);
  });

  it('reads NOTIFICATION_WORKER, its deprecated name, when JOBS is unset, and says so', () => {
    const config = loadConfig({ NOTIFICATION_WORKER: 'off' });
    expect(config.jobs).toBe(false);
    expect(config.notices).toEqual([
      'NOTIFICATION_WORKER is deprecated: it is read as JOBS=off (every background job, not only notifications); rename it JOBS',
    ]);
    expect(loadConfig({ NOTIFICATION_WORKER: 'on', JOBS: 'on' }).jobs).toBe(true);
  });

  it('refuses a value other than on or off, and JOBS and NOTIFICATION_WORKER that disagree', () => {
    expect(configRefusal({ JOBS: 'yes' })).toBe('JOBS must be one of on, off, got "yes"');
    expect(configRefusal({ NOTIFICATION_WORKER: 'true' })).toBe(
      'NOTIFICATION_WORKER must be one of on, off, got "true"',
    );
    expect(configRefusal({ JOBS: 'on', NOTIFICATION_WORKER: 'off' })).toBe(
      'JOBS=on and NOTIFICATION_WORKER=off disagree: NOTIFICATION_WORKER is the deprecated name of JOBS; set JOBS only',
    );
  });
});

describe('prepareDataDir', () => {
  it('creates a missing directory, accepts an existing one and refuses a path that is a file', () => {
    const root = mkdtempSync(join(tmpdir(), 'data-dir-'));
    try {
      prepareDataDir(join(root, 'nested', 'data'));
      expect(statSync(join(root, 'nested', 'data')).isDirectory()).toBe(true);
      prepareDataDir(join(root, 'nested', 'data'));
      writeFileSync(join(root, 'file'), '');
      expect(() => prepareDataDir(join(root, 'file'))).toThrow(
        new ConfigError(`DATA_DIR "${join(root, 'file')}" cannot be used as a writable directory: it is a file`),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
