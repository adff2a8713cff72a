import { BlockList, isIP } from 'node:net';
import { parseDurationList } from './platform/duration.js';

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

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'memory://') return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`DATABASE_URL is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must be memory:// or postgres://..., got protocol "${url.protocol}"`);
  }
  return raw;
}

function trustedProxies(entries: string[]): BlockList {
  const blocks = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0) throw new ConfigError(`TRUSTED_PROXIES has an invalid address "${entry}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) blocks.addAddress(address!, type);
    else blocks.addSubnet(address!, Number(prefix), type);
  }
  return blocks;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const schema = env.DATABASE_SCHEMA || 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new ConfigError(`DATABASE_SCHEMA must be a lower-case SQL identifier, got "${schema}"`);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL is not a valid URL: "${publicBaseUrl}"`);
  }
  let schedule: number[];
  try {
    schedule = parseDurationList(env.NOTIFICATION_RETRY_SCHEDULE || '0s,5s,5m,30m,2h,5h,10h,10h');
  } catch (error) {
    throw new ConfigError(`NOTIFICATION_RETRY_SCHEDULE: ${(error as Error).message}`);
  }
  const proxies = list(env.TRUSTED_PROXIES);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databaseSchema: schema,
    dataDir: env.DATA_DIR || './data',
    publicBaseUrl,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    operatorClientSecret: env.OPERATOR_CLIENT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    outboundAllowlist: list(env.OUTBOUND_ALLOWLIST),
    notificationRetrySchedule: schedule,
    accessTokenTtl: integer(env, 'ACCESS_TOKEN_TTL', 300, 10, 86_400),
    refreshTokenTtl: integer(env, 'REFRESH_TOKEN_TTL', 1800, 10, 31_536_000),
    logLevel,
    trustedProxies: trustedProxies(proxies),
    trustedProxiesText: proxies,
    tokenRateLimit: integer(env, 'TOKEN_RATE_LIMIT', 120, 1, 1_000_000),
    lockoutThreshold: integer(env, 'LOCKOUT_THRESHOLD', 5, 1, 1000),
    lockoutSeconds: integer(env, 'LOCKOUT_SECONDS', 900, 1, 86_400),
    bodyLimit: integer(env, 'BODY_LIMIT', 1_048_576, 1024, 1_073_741_824),
  };
}
