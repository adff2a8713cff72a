import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { parseLsn } from '../db/lsn.js';
import { ReplicatedDatabase, type RequestReads, withRequestReads } from '../db/replica-reads.js';

/** Sent after a write, sent back on reads: the WAL position the client's writes reached (docs/deployment.md). */
export const MIN_LSN_HEADER = 'x-min-lsn';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A GET of a route that declares a read scope (lists, gets, views, search, exports): its reads may go to the replica. */
function isReadOnly(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const scope = (request.routeOptions.config as { scope?: unknown } | undefined)?.scope;
  return typeof scope === 'string' && scope.endsWith(':read');
}

/** The client's `X-Min-LSN`; a value that names no position asks for the primary, the one place sure to have it. */
function minLsnOf(request: FastifyRequest): { minLsn: bigint | undefined; pinned: boolean } {
  const sent = request.headers[MIN_LSN_HEADER];
  if (sent === undefined) return { minLsn: undefined, pinned: false };
  const minLsn = typeof sent === 'string' ? parseLsn(sent.trim()) : undefined;
  return { minLsn, pinned: minLsn === undefined };
}

/**
 * With a read replica (DATABASE_REPLICA_URL), every read-only request runs with its routing (db/replica-reads.ts);
 * any other request has none, and all its statements run on the primary. A successful write (or a read-only request
 * that wrote) answers with `X-Min-LSN`, the primary's WAL position after it: a client that sends it back reads its
 * own writes, from the replica once it has replayed that far, from the primary before. Without a replica nothing is
 * registered: no cost on any request.
 */
export function registerReadRouting(app: FastifyInstance, db: Database): void {
  if (!(db instanceof ReplicatedDatabase)) return;
  const routed = new WeakMap<FastifyRequest, RequestReads>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isReadOnly(request)) return done();
    const reads: RequestReads = { wrote: false, ...minLsnOf(request) };
    routed.set(request, reads);
    // A GET has no body to parse: the hooks and the handler run inside this call, and so do their statements.
    withRequestReads(reads, done);
  });
  app.addHook('onSend', async (request, reply) => {
    // A refused or failed write changed nothing the client could read.
    if (reply.statusCode >= 400) return;
    if (!WRITE_METHODS.has(request.method) && !routed.get(request)?.wrote) return;
    // Best effort: without the header the client's next read may be older than its write, never wrong otherwise.
    const lsn = await db.writePosition().catch(() => undefined);
    if (lsn) reply.header(MIN_LSN_HEADER, lsn);
  });
}
