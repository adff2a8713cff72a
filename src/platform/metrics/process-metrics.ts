import { Counter, Histogram, type Metric } from 'prom-client';

/**
 * Counters of what happens in this process, whichever app it belongs to: one process runs one app in production, and
 * each app registers these on its own registry (metrics.ts). Labels are few and fixed, never taken from input. (The
 * job counters are the job runner's own: which jobs an app runs tells it from another app in the same process.)
 */

/** Tokens issued by the token endpoints, by grant type (client_credentials, password, refresh_token, ...). */
export const tokensIssued = new Counter({
  name: 'iam_tokens_issued_total',
  help: 'Access tokens issued, by grant type',
  labelNames: ['grant'] as const,
  registers: [],
});
/** Refused sign-ins: a wrong password or client secret, an unknown user or client. */
export const signInFailures = new Counter({
  name: 'iam_sign_in_failures_total',
  help: 'Refused sign-ins by kind (user, client)',
  labelNames: ['kind'] as const,
  registers: [],
});
/** Sign-in attempts refused by the throttle (429), by the key that was waiting: `username` (with the address) or `address`. */
export const signInsThrottled = new Counter({
  name: 'iam_sign_ins_throttled_total',
  help: 'Sign-in attempts refused by the throttle (429), by key (username: username and client address; address)',
  labelNames: ['key'] as const,
  registers: [],
});
/** Requests the rate limiter refused (429), by route pattern. */
export const rateLimited = new Counter({
  name: 'http_rate_limited_total',
  help: 'Requests refused by the rate limiter (429), by route',
  labelNames: ['route'] as const,
  registers: [],
});

/** How long a transaction waited for a connection of PostgreSQL's pool (a new one, or a turn). */
export const poolAcquire = new Histogram({
  name: 'db_pool_acquire_seconds',
  help: 'Time a transaction waited for a database connection from the pool',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
  registers: [],
});

export const PROCESS_METRICS: Metric[] = [tokensIssued, signInFailures, signInsThrottled, rateLimited, poolAcquire];
