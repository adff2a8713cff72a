import { accessSync, constants, mkdirSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { DURATION_LIST_PATTERN, parseDurationList } from './platform/duration.js';

/** Settings of DECISIONS §1, read once from the environment. No work happens at import time. */
export interface Config {
  port: number;
  host: string;
  /** `undefined` = embedded PGlite under dataDir; `memory://` = embedded in memory; otherwise a postgres:// URL. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding every table (tests give each app its own). */
  databaseSchema: string;
  dataDir: string;
  publicBaseUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  operatorClientSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  outboundAllowlist: string[];
  /** Asset API: where content lives, the largest asset, how long a URL upload may take. */
  notificationRetrySchedule: number[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: string;
  /** Peers allowed to set X-Real-Ip / X-Forwarded-For. */
  trustedProxies: BlockList;
  trustedProxiesText: string[];
  /** Token routes: requests per minute and client address. */
  tokenRateLimit: number;
  /** Failed passwords before a user is locked, and for how long (seconds). */
  lockoutThreshold: number;
  lockoutSeconds: number;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
}

/** A setting that cannot work; its message is the one line printed when start-up stops. */
export class ConfigError extends Error {}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const whole = (fallback: number, minimum: number, maximum: number, description: string) =>
  Type.Integer({ default: fallback, minimum, maximum, description });
/** `expected` completes the error line "NAME must be <expected>, got ...". */
const optionalText = (description: string, pattern?: string, expected?: string) =>
  Type.Optional(Type.String({ description, ...(pattern ? { pattern, expected } : {}) }));

/** Every environment variable the service reads: its rule, default and meaning, in one place. */
export const EnvSchema = Type.Object({
  PORT: whole(8080, 0, 65535, 'listen port'),
  HOST: Type.String({ default: '0.0.0.0', description: 'listen address' }),
  DATABASE_URL: optionalText('unset: embedded PostgreSQL under DATA_DIR; memory://: embedded, in memory; postgres://...: a server', '^(memory://|postgres(ql)?://.+)$', 'memory:// or a postgres://... URL'),
  DATABASE_SCHEMA: Type.String({ default: 'public', pattern: '^[a-z_][a-z0-9_]{0,62}$', expected: 'a lower-case SQL identifier', description: 'PostgreSQL schema of every table' }),
  DATA_DIR: Type.String({ default: './data', description: 'embedded database, asset files, mail spool' }),
  PUBLIC_BASE_URL: optionalText('base of public links and token issuers (default http://localhost:PORT)', '^https?://[^\\s/?#]+', 'an http:// or https:// URL'),
  ADMIN_USERNAME: Type.String({ default: 'admin', description: "the operator realm's administrator" }),
  ADMIN_PASSWORD: optionalText('generated and printed once when unset'),
  OPERATOR_CLIENT_SECRET: optionalText("the operator client's secret; generated and printed once when unset"),
  SMTP_URL: optionalText('unset: e-mails go to the mail spool', '^smtps?://.+', 'an smtp:// or smtps:// URL'),
  MAIL_FROM: optionalText('sender address of e-mails'),
  OUTBOUND_ALLOWLIST: Type.String({ default: '', description: 'comma list of private hosts or CIDRs outbound calls may reach' }),
  NOTIFICATION_RETRY_SCHEDULE: Type.String({ default: '0s,5s,5m,30m,2h,5h,10h,10h', pattern: DURATION_LIST_PATTERN, expected: 'a comma list of durations like 0s,5s,5m,2h,1d', description: 'delays of the delivery tries' }),
  ACCESS_TOKEN_TTL: whole(300, 10, 86_400, 'access token lifetime, seconds'),
  REFRESH_TOKEN_TTL: whole(1800, 10, 31_536_000, 'refresh token lifetime, seconds'),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', description: 'pino level' }),
  TRUSTED_PROXIES: Type.String({ default: '', description: 'comma list of addresses or CIDRs whose X-Real-Ip is believed' }),
  TOKEN_RATE_LIMIT: whole(120, 1, 1_000_000, 'token requests per minute and client address'),
  LOCKOUT_THRESHOLD: whole(5, 1, 1000, 'failed passwords before a user is locked'),
  LOCKOUT_SECONDS: whole(900, 1, 86_400, 'how long a locked user stays locked'),
  BODY_LIMIT: whole(1_048_576, 1024, 1_073_741_824, 'largest JSON body, bytes'),
});
type Env = Static<typeof EnvSchema>;
type EnvName = keyof Env;

/**
 * Picks the known variables. An empty value counts as unset (`X=` in a compose file); whole numbers are
 * converted only when they are plain decimal digits, so `0x50`, `1e3` or `1.5` are refused, not reinterpreted.
 */
function pick(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvSchema.properties)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    picked[name] = (schema as { type?: string }).type === 'integer' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : raw;
  }
  return picked;
}

/** What a variable must look like, for the error line. */
function expectation(name: EnvName): string {
  const schema = EnvSchema.properties[name] as { type?: string; enum?: readonly string[]; minimum?: number; maximum?: number; expected?: string };
  if (schema.expected) return schema.expected;
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
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
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const publicBaseUrl = checkedUrl('PUBLIC_BASE_URL', e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const proxies = list(e.TRUSTED_PROXIES);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL === undefined ? undefined : checkedUrl('DATABASE_URL', e.DATABASE_URL),
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: e.DATA_DIR,
    publicBaseUrl,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    operatorClientSecret: e.OPERATOR_CLIENT_SECRET,
    smtpUrl: e.SMTP_URL === undefined ? undefined : checkedUrl('SMTP_URL', e.SMTP_URL),
    mailFrom: e.MAIL_FROM,
    outboundAllowlist: list(e.OUTBOUND_ALLOWLIST),
    notificationRetrySchedule: parseDurationList(e.NOTIFICATION_RETRY_SCHEDULE),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    trustedProxies: trustedProxies(proxies),
    trustedProxiesText: proxies,
    tokenRateLimit: e.TOKEN_RATE_LIMIT,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutSeconds: e.LOCKOUT_SECONDS,
    bodyLimit: e.BODY_LIMIT,
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
    throw new ConfigError(`DATA_DIR "${dir}" cannot be used as a writable directory: ${DIRECTORY_PROBLEMS[code] ?? (error as Error).message}`);
  }
}
