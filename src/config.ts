import { accessSync, constants, mkdirSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { DURATION, DURATION_LIST_PATTERN, parseDurationList } from './platform/duration.js';
import { OutboundAllowlist } from './platform/outbound/outbound-allowlist.js';

/** Settings of docs/product-decisions.md §1, read once from the environment. No work happens at import time. */
export interface Config {
  port: number;
  /** Where `npm run worker` serves its health and metrics. */
  workerPort: number;
  host: string;
  /** `undefined` = embedded PGlite under dataDir; `memory://` = embedded in memory; otherwise a postgres:// URL. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding every table (tests give each app its own). */
  databaseSchema: string;
  /** Engine reads by id run as named prepared statements (off behind a pooler that cannot carry them). */
  databasePreparedStatements: boolean;
  /** A streaming replica for read-only requests (docs/deployment.md#a-read-replica); unset: every read on the primary. */
  databaseReplicaUrl: string | undefined;
  /** The oldest data a read may get from the replica, milliseconds behind the primary. */
  replicaMaxLagMs: number;
  dataDir: string;
  publicBaseUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  operatorClientSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  outboundAllowlist: string[];
  /** Asset API: where content lives, the largest asset, how long a URL upload may take. */
  assets: AssetSettings;
  notificationRetrySchedule: number[];
  /** This process runs the APIs' background jobs (JOBS; `npm run worker` runs them alone, without the API). */
  jobs: boolean;
  /** Lines the process logs at start as warnings: settings that still work but should change (deprecated names). */
  notices: string[];
  /** How often the dispatcher and the delivery worker look for work, milliseconds. */
  notificationPollMs: number;
  /** Days a dispatched event is kept in the outbox. */
  outboxRetentionDays: number;
  /** How long a change stays in the activity log (GET /activity), seconds. */
  activityRetentionSeconds: number;
  /** How long a worker's claim on a notification holds: a worker that died is replaced after this. */
  notificationLeaseSeconds: number;
  /** How long a rotated web hook signing secret keeps signing beside the new one, seconds. */
  signingSecretGraceSeconds: number;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: string;
  /** Peers allowed to set X-Real-Ip / X-Forwarded-For. */
  trustedProxies: BlockList;
  /** Browser origins whose pages may call the API (CORS); none by default. */
  corsOrigins: string[];
  /** Origins besides PUBLIC_BASE_URL's from which the console signs in (its development server). */
  consoleOrigins: string[];
  /** Token routes: requests per minute and client address. */
  tokenRateLimit: number;
  /** Sign-in throttling (sign-in-throttle.ts): failures allowed before attempts wait, per username and address and per address. */
  signInFreeAttempts: number;
  signInAddressFreeAttempts: number;
  /** The longest wait between two attempts of a throttled key, seconds. */
  signInMaxDelaySeconds: number;
  /** log2 of scrypt's N for new password and client-secret hashes. */
  passwordHashCost: number;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** Base64 of the 32-byte AES-256-GCM key sealing data at rest (customers' private keys); unset: kept under dataDir. */
  dataEncryptionKey: string | undefined;
  /** How long a client may take to send a request, and keep an idle connection open. */
  timeouts: HttpTimeouts;
  /** Milliseconds between two runs of the subscription expiry job on this instance. */
  subscriptionExpiryIntervalMs: number;
}

/** Milliseconds; every one of them bounds how long a single slow or silent client can hold a connection. */
export interface HttpTimeouts {
  /** The request head (request line and headers) must arrive within this. */
  headersMs: number;
  /** A body the service reads itself (JSON, forms, anything but multipart uploads) must arrive within this. */
  bodyMs: number;
  /** The whole request, multipart uploads included, must arrive within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/** A setting that cannot work; its message is the one line printed when start-up stops. */
export class ConfigError extends Error {}

export interface AssetSettings {
  /** `fs`: files under DATA_DIR/assets; `s3`: objects in an S3-compatible bucket. */
  store: 'fs' | 's3';
  maxBytes: number;
  urlTimeoutMs: number;
  s3: S3Settings | undefined;
}

export interface S3Settings {
  /** Unset: AWS S3 itself; otherwise an S3-compatible server. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the AWS SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  keyPrefix: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const whole = (fallback: number, minimum: number, maximum: number, description: string) =>
  Type.Integer({ default: fallback, minimum, maximum, description });
/** `expected` completes the error line "NAME must be <expected>, got ...". */
const optionalText = (description: string, pattern?: string, expected?: string) =>
  Type.Optional(Type.String({ description, ...(pattern ? { pattern, expected } : {}) }));

/** Every environment variable the service reads: its rule, default and meaning, in one place. */
export const EnvSchema = Type.Object({
  PORT: whole(8080, 0, 65535, 'listen port'),
  WORKER_PORT: whole(8081, 0, 65535, 'listen port of `npm run worker` (health and metrics only)'),
  HOST: Type.String({ default: '0.0.0.0', description: 'listen address' }),
  DATABASE_URL: optionalText(
    'unset: embedded PostgreSQL under DATA_DIR; memory://: embedded, in memory; postgres://...: a server',
    '^(memory://|postgres(ql)?://.+)$',
    'memory:// or a postgres://... URL',
  ),
  DATABASE_SCHEMA: Type.String({
    default: 'public',
    pattern: '^[a-z_][a-z0-9_]{0,62}$',
    expected: 'a lower-case SQL identifier',
    description: 'PostgreSQL schema of every table',
  }),
  DATABASE_PREPARED_STATEMENTS: Type.Enum(['on', 'off'] as const, {
    default: 'on',
    description:
      'off behind pgbouncer in transaction pooling older than 1.21 (no max_prepared_statements): engine reads by id are then planned on every run',
  }),
  DATABASE_REPLICA_URL: optionalText(
    'a streaming replica of DATABASE_URL that read-only requests use while it is fresh enough; unset: every read on the primary',
    '^postgres(ql)?://.+$',
    'a postgres://... URL',
  ),
  REPLICA_MAX_LAG: Type.Number({
    default: 1,
    minimum: 0.05,
    maximum: 3600,
    description: 'seconds the replica may be behind the primary and still serve reads',
  }),
  DATA_DIR: Type.String({ default: './data', description: 'embedded database, asset files, mail spool' }),
  PUBLIC_BASE_URL: optionalText(
    'base of public links and token issuers (default http://localhost:PORT)',
    '^https?://[^\\s/?#]+',
    'an http:// or https:// URL',
  ),
  ADMIN_USERNAME: Type.String({
    default: 'admin',
    minLength: 1,
    maxLength: 150,
    expected: '1 to 150 characters, as any realm username',
    description: "the operator realm's administrator",
  }),
  ADMIN_PASSWORD: optionalText('generated and printed once when unset'),
  OPERATOR_CLIENT_SECRET: optionalText("the operator client's secret; generated and printed once when unset"),
  SMTP_URL: optionalText('unset: e-mails go to the mail spool', '^smtps?://.+', 'an smtp:// or smtps:// URL'),
  MAIL_FROM: optionalText('sender address of e-mails'),
  OUTBOUND_ALLOWLIST: Type.String({
    default: '',
    description: 'comma list of private hosts or CIDRs outbound calls may reach',
  }),
  ASSET_STORE: Type.Enum(['fs', 's3'] as const, {
    default: 'fs',
    description: 'where asset content lives: fs (DATA_DIR/assets) or s3',
  }),
  ASSET_MAX_BYTES: whole(209_715_200, 1, 5_368_709_120, 'largest asset, bytes (default 200 MiB)'),
  ASSET_URL_TIMEOUT: whole(60, 1, 3600, 'seconds a URL upload may take in all'),
  S3_ENDPOINT: optionalText(
    'S3-compatible endpoint; unset: AWS S3',
    '^https?://[^\\s/?#]+',
    'an http:// or https:// URL',
  ),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'S3 region' }),
  S3_BUCKET: optionalText(
    'bucket holding asset objects (required with ASSET_STORE=s3)',
    '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
    'an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)',
  ),
  S3_ACCESS_KEY_ID: optionalText('S3 access key; unset: the AWS SDK default credential chain'),
  S3_SECRET_ACCESS_KEY: optionalText('S3 secret key, set together with S3_ACCESS_KEY_ID'),
  S3_FORCE_PATH_STYLE: Type.Enum(['true', 'false'] as const, {
    default: 'false',
    description: 'path-style bucket URLs (most S3-compatible servers need true)',
  }),
  S3_KEY_PREFIX: Type.String({ default: 'assets/', description: 'prefix of asset object keys' }),
  NOTIFICATION_RETRY_SCHEDULE: Type.String({
    default: '0s,5s,5m,30m,2h,5h,10h,10h',
    pattern: DURATION_LIST_PATTERN,
    expected: 'a comma list of durations like 0s,5s,5m,2h,1d',
    description: 'delays of the delivery tries',
  }),
  JOBS: Type.Optional(
    Type.Enum(['on', 'off'] as const, {
      description:
        'on (default): this process runs the background jobs; off: it serves the API only and `npm run worker` processes run them',
    }),
  ),
  NOTIFICATION_WORKER: Type.Optional(
    Type.Enum(['on', 'off'] as const, { description: 'deprecated name of JOBS, read when JOBS is unset' }),
  ),
  NOTIFICATION_POLL_MS: whole(
    200,
    10,
    60_000,
    'milliseconds between two looks for events to dispatch and notifications to deliver',
  ),
  OUTBOX_RETENTION_DAYS: whole(
    7,
    1,
    3650,
    'days a dispatched event stays in the outbox before the workers delete it (its notifications keep a copy)',
  ),
  ACTIVITY_RETENTION: Type.String({
    default: '90d',
    pattern: `^${DURATION}$`,
    expected: 'a duration like 90d, 12h or 30m',
    description:
      'how long a change stays in the activity log (GET /activity); the workers delete older entries every hour',
  }),
  SIGNING_SECRET_GRACE: whole(
    86_400,
    0,
    2_592_000,
    'seconds a rotated web hook signing secret keeps signing beside the new one',
  ),
  NOTIFICATION_LEASE: whole(
    60,
    1,
    3600,
    'seconds a delivery worker holds a claimed notification; keep it above a try (10 s, plus an OAuth token call)',
  ),
  ACCESS_TOKEN_TTL: whole(300, 10, 86_400, 'access token lifetime, seconds'),
  REFRESH_TOKEN_TTL: whole(1800, 10, 31_536_000, 'refresh token lifetime, seconds'),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', description: 'pino level' }),
  CORS_ORIGINS: Type.String({
    default: '',
    description:
      'comma list of browser origins (https://console.example.com) that may call the API from their pages; empty: none',
  }),
  CONSOLE_ORIGINS: Type.String({
    default: '',
    description:
      "comma list of origins besides PUBLIC_BASE_URL's the console may sign in from (its development server: http://localhost:5173)",
  }),
  TRUSTED_PROXIES: Type.String({
    default: '',
    description: 'comma list of addresses or CIDRs whose X-Real-Ip is believed',
  }),
  TOKEN_RATE_LIMIT: whole(120, 1, 1_000_000, 'token requests per minute and client address'),
  SIGN_IN_FREE_ATTEMPTS: whole(
    5,
    1,
    1000,
    'failed sign-ins of one username from one client address before each further attempt waits (1 s, doubling)',
  ),
  SIGN_IN_ADDRESS_FREE_ATTEMPTS: whole(
    100,
    1,
    1_000_000,
    'failed sign-ins from one client address, whatever the username, before each further attempt from it waits',
  ),
  SIGN_IN_MAX_DELAY: whole(900, 1, 86_400, 'the longest wait between two sign-in attempts once throttled, seconds'),
  PASSWORD_HASH_COST: whole(
    15,
    10,
    17,
    'scrypt cost of new password and client-secret hashes, as log2 of N (15: 32 MiB and ~50-120 ms a hash); stored hashes keep theirs',
  ),
  BODY_LIMIT: whole(1_048_576, 1024, 1_073_741_824, 'largest JSON body, bytes'),
  HEADERS_TIMEOUT: whole(20, 1, 3600, 'seconds the request head may take to arrive (408 beyond)'),
  BODY_TIMEOUT: whole(30, 1, 3600, 'seconds a JSON or form body may take to arrive (408 beyond)'),
  REQUEST_TIMEOUT: whole(300, 1, 86_400, 'seconds a whole request, uploads included, may take to arrive (408 beyond)'),
  KEEP_ALIVE_TIMEOUT: whole(72, 1, 3600, 'seconds an idle keep-alive connection stays open'),
  SUBSCRIPTION_EXPIRY_INTERVAL: whole(60, 1, 86_400, 'seconds between two runs of the subscription expiry job'),
  DATA_ENCRYPTION_KEY: optionalText(
    'base64 of 32 bytes sealing private keys and declared secrets at rest (AES-256-GCM); unset: generated once in DATA_DIR/data-encryption.key',
    '^[A-Za-z0-9+/]{43}=$',
    'the base64 of 32 bytes (44 characters ending in =, e.g. from `openssl rand -base64 32`)',
  ),
});
type Env = Static<typeof EnvSchema>;
type EnvName = keyof Env;

/**
 * Picks the known variables. An empty value counts as unset (`X=` in a compose file); whole numbers are
 * converted only when they are plain decimal digits (with up to 3 decimals where fractions are allowed), so `0x50` or
 * `1e3` are refused, not reinterpreted.
 */
function pick(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvSchema.properties)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const type = (schema as { type?: string }).type;
    const numeric =
      (type === 'integer' && /^\s*\d{1,15}\s*$/.test(raw)) ||
      (type === 'number' && /^\s*\d{1,6}(\.\d{1,3})?\s*$/.test(raw));
    picked[name] = numeric ? Number(raw) : raw;
  }
  return picked;
}

/** What a variable must look like, for the error line. */
function expectation(name: EnvName): string {
  const schema = EnvSchema.properties[name] as {
    type?: string;
    enum?: readonly string[];
    minimum?: number;
    maximum?: number;
    expected?: string;
  };
  if (schema.expected) return schema.expected;
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'number') return `a number from ${schema.minimum} to ${schema.maximum}`;
  return 'text';
}

/** Validates the environment against `EnvSchema`; the first broken rule becomes one clear line. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const picked = pick(env);
  const values = Value.Default(EnvSchema, picked);
  const [first] = Value.Errors(EnvSchema, values);
  if (first) {
    const name = first.instancePath.split('/')[1] as EnvName;
    throw new ConfigError(`${name} must be ${expectation(name)}, got ${JSON.stringify(String(picked[name]))}`);
  }
  return values as Env;
}

function list(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The pattern admits the scheme; the URL must also parse (`postgres://a b` does not). */
function checkedUrl(name: string, raw: string): string {
  if (raw === 'memory://') return raw;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  return raw;
}

function trustedProxies(entries: string[]): BlockList {
  const blocks = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && !(bits <= maxBits))) {
      throw new ConfigError(`TRUSTED_PROXIES must be a comma list of IP addresses or CIDRs, got "${entry}"`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, bits, type);
  }
  return blocks;
}

/** Each entry must be an origin as browsers send it: scheme, host and port only (`https://console.example.com`). */
function checkedOrigins(entries: string[], setting = 'CORS_ORIGINS'): string[] {
  for (const entry of entries) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '')) {
      throw new ConfigError(
        `${setting} must be a comma list of origins like https://console.example.com (no path), got "${entry}"`,
      );
    }
  }
  return entries.map((entry) => entry.replace(/\/$/, ''));
}

/** Each entry must be a host name, an IP address or a CIDR, optionally with a port. */
function checkedAllowlist(entries: string[]): string[] {
  try {
    OutboundAllowlist.parse(entries);
  } catch (error) {
    throw new ConfigError(`OUTBOUND_ALLOWLIST entry ${(error as Error).message}`);
  }
  return entries;
}

/** Node refuses a head limit above the whole-request limit; a body limit above it could never apply. */
function httpTimeouts(e: Env): HttpTimeouts {
  for (const name of ['HEADERS_TIMEOUT', 'BODY_TIMEOUT'] as const) {
    if (e[name] > e.REQUEST_TIMEOUT)
      throw new ConfigError(`${name} (${e[name]}) must not exceed REQUEST_TIMEOUT (${e.REQUEST_TIMEOUT})`);
  }
  return {
    headersMs: e.HEADERS_TIMEOUT * 1000,
    bodyMs: e.BODY_TIMEOUT * 1000,
    requestMs: e.REQUEST_TIMEOUT * 1000,
    keepAliveMs: e.KEEP_ALIVE_TIMEOUT * 1000,
  };
}

function assetSettings(e: Env): AssetSettings {
  if (e.ASSET_STORE === 's3' && !e.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when ASSET_STORE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const s3: S3Settings | undefined =
    e.ASSET_STORE === 's3'
      ? {
          endpoint: e.S3_ENDPOINT === undefined ? undefined : checkedUrl('S3_ENDPOINT', e.S3_ENDPOINT),
          region: e.S3_REGION,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          keyPrefix: e.S3_KEY_PREFIX,
        }
      : undefined;
  return { store: e.ASSET_STORE, maxBytes: e.ASSET_MAX_BYTES, urlTimeoutMs: e.ASSET_URL_TIMEOUT * 1000, s3 };
}

/**
 * JOBS, or its deprecated name NOTIFICATION_WORKER (which now switches every job, not only the notification loop);
 * on when neither is set. Both set and disagreeing is refused: which one wins would be a guess.
 */
function jobsSetting(e: Env): { jobs: boolean; notices: string[] } {
  if (e.JOBS !== undefined && e.NOTIFICATION_WORKER !== undefined && e.JOBS !== e.NOTIFICATION_WORKER) {
    throw new ConfigError(
      `JOBS=${e.JOBS} and NOTIFICATION_WORKER=${e.NOTIFICATION_WORKER} disagree: NOTIFICATION_WORKER is the deprecated name of JOBS; set JOBS only`,
    );
  }
  const value = e.JOBS ?? e.NOTIFICATION_WORKER ?? 'on';
  const notices =
    e.NOTIFICATION_WORKER === undefined
      ? []
      : [
          `NOTIFICATION_WORKER is deprecated: it is read as JOBS=${e.NOTIFICATION_WORKER} (every background job, not only notifications); rename it JOBS`,
        ];
  return { jobs: value === 'on', notices };
}

/** The first entry is the wait before the first try; at least one try, at most 100. */
function notificationSchedule(raw: string): number[] {
  const schedule = parseDurationList(raw);
  if (schedule.length < 1 || schedule.length > 100)
    throw new ConfigError(`NOTIFICATION_RETRY_SCHEDULE must list 1 to 100 durations, got ${schedule.length}`);
  return schedule;
}

/** At least a minute: a shorter log would lose changes before anyone could read them. */
function activityRetention(raw: string): number {
  const [seconds = 0] = parseDurationList(raw);
  if (seconds < 60) throw new ConfigError(`ACTIVITY_RETENTION must be at least 1m, got ${raw}`);
  return seconds;
}

/** A replica follows a PostgreSQL server: beside the embedded database it would have nothing to follow. */
function replicaUrl(e: Env): string | undefined {
  if (e.DATABASE_REPLICA_URL === undefined) return undefined;
  if (!e.DATABASE_URL?.match(/^postgres(ql)?:/))
    throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL=postgres://... (the primary it replicates)');
  return checkedUrl('DATABASE_REPLICA_URL', e.DATABASE_REPLICA_URL);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const { jobs, notices } = jobsSetting(e);
  const publicBaseUrl = checkedUrl('PUBLIC_BASE_URL', e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    port: e.PORT,
    workerPort: e.WORKER_PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL === undefined ? undefined : checkedUrl('DATABASE_URL', e.DATABASE_URL),
    databaseSchema: e.DATABASE_SCHEMA,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    databaseReplicaUrl: replicaUrl(e),
    replicaMaxLagMs: Math.round(e.REPLICA_MAX_LAG * 1000),
    dataDir: e.DATA_DIR,
    publicBaseUrl,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    operatorClientSecret: e.OPERATOR_CLIENT_SECRET,
    smtpUrl: e.SMTP_URL === undefined ? undefined : checkedUrl('SMTP_URL', e.SMTP_URL),
    mailFrom: e.MAIL_FROM,
    outboundAllowlist: checkedAllowlist(list(e.OUTBOUND_ALLOWLIST)),
    assets: assetSettings(e),
    notificationRetrySchedule: notificationSchedule(e.NOTIFICATION_RETRY_SCHEDULE),
    jobs,
    notices,
    notificationPollMs: e.NOTIFICATION_POLL_MS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    activityRetentionSeconds: activityRetention(e.ACTIVITY_RETENTION),
    notificationLeaseSeconds: e.NOTIFICATION_LEASE,
    signingSecretGraceSeconds: e.SIGNING_SECRET_GRACE,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    trustedProxies: trustedProxies(list(e.TRUSTED_PROXIES)),
    corsOrigins: checkedOrigins(list(e.CORS_ORIGINS)),
    consoleOrigins: checkedOrigins(list(e.CONSOLE_ORIGINS), 'CONSOLE_ORIGINS'),
    tokenRateLimit: e.TOKEN_RATE_LIMIT,
    signInFreeAttempts: e.SIGN_IN_FREE_ATTEMPTS,
    signInAddressFreeAttempts: e.SIGN_IN_ADDRESS_FREE_ATTEMPTS,
    signInMaxDelaySeconds: e.SIGN_IN_MAX_DELAY,
    passwordHashCost: e.PASSWORD_HASH_COST,
    bodyLimit: e.BODY_LIMIT,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    timeouts: httpTimeouts(e),
    subscriptionExpiryIntervalMs: e.SUBSCRIPTION_EXPIRY_INTERVAL * 1000,
  };
}

const DIRECTORY_PROBLEMS: Record<string, string> = {
  ENOTDIR: 'part of the path is a file',
  EEXIST: 'it is a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
};

/**
 * Creates DATA_DIR when missing and checks it is a writable directory, so a bad path stops start-up rather than
 * the first upload or e-mail. Separate from `loadConfig`, which only reads.
 */
export function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ConfigError(
      `DATA_DIR "${dir}" cannot be used as a writable directory: ${DIRECTORY_PROBLEMS[code] ?? (error as Error).message}`,
    );
  }
}
