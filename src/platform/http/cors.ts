import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Headers a browser page may read from answers: the record's version, where a created record is, a replay, the
 * request id, what the rate limiter says, and where a write is in the WAL.
 */
export const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Idempotent-Replayed',
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  // The WAL position of a write, sent back on reads with a read replica (read-routing.ts).
  'X-Min-LSN',
];

/**
 * CORS for the origins of CORS_ORIGINS (none by default: no page on another origin may call the API). Tokens travel in
 * the Authorization header, never in cookies, so credentials stay off; a preflight is remembered for 10 minutes.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    strictPreflight: true,
  });
}
