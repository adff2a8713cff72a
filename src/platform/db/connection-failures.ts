import { DatabaseUnavailableError } from '../errors/domain-errors.js';

/** Socket errors meaning the server is not there (any more). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not ready: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 53300 too_many_connections, and 25006
 * read_only_sql_transaction: the service never opens a read-only transaction, so a write refused as read-only
 * reached a node that does not take writes (yet, or any more) during a failover.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** `pg` reports a connection that is gone with these messages, without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Client was closed/,
];

/** True when `error` says the database could not be reached, rather than that it refused a statement. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  return DRIVER_MESSAGES.some((message) => message.test(error.message));
}

/** The 503 for a connection failure; any other error as it is (a unique violation stays a unique violation). */
export function asUnavailable(error: unknown): unknown {
  return isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
}

/** The driver's own error behind a 503 (`connect ECONNREFUSED host:port`), for start-up messages to the operator. */
export function driverError(error: unknown): unknown {
  return error instanceof DatabaseUnavailableError ? error.cause : error;
}
