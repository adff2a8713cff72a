import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import type { Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { DomainError } from '../errors/domain-errors.js';
import { Ref } from '../schema-types.js';

const TAG = 'Operations';
/** A probe must answer before the orchestrator gives up on it (Kubernetes waits 1 s by default). */
const READINESS_TIMEOUT_MS = 2000;

const StatusSchema = Type.Object({ status: Type.Literal('ok') }, { $id: 'HealthStatus', title: 'Health status' });

export type Readiness = { ready: true } | { ready: false; reason: string; cause?: unknown };

function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Ready = the database answers `SELECT 1` and every migration file has been applied. */
export async function checkReadiness(db: Database, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  try {
    await within(db.query('SELECT 1'), timeoutMs);
  } catch (cause) {
    return { ready: false, reason: 'the database is not reachable', cause };
  }
  try {
    const pending = await within(pendingMigrations(db), timeoutMs);
    if (pending > 0) return { ready: false, reason: `${pending} database migration(s) not applied yet` };
  } catch (cause) {
    return { ready: false, reason: 'the migration state could not be read', cause };
  }
  return { ready: true };
}

/** `GET /health/live` and `GET /health/ready`: public, never cached, answered even while other routes are busy. */
export const healthRoutes = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.addSchema(StatusSchema);
    const noStore = { 'cache-control': 'no-store' };
    // Load balancers ask every few seconds: a healthy answer is not worth a log line, a failing one still logs (warn).
    const logLevel = 'warn';

    app.get('/health/live', {
      logLevel,
      config: { public: true },
      schema: {
        operationId: 'liveness',
        tags: [TAG],
        summary: 'Liveness: the process is up and serving HTTP',
        response: { 200: Ref(StatusSchema) },
      },
      handler: async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }),
    });

    app.get('/health/ready', {
      logLevel,
      config: { public: true },
      schema: {
        operationId: 'readiness',
        tags: [TAG],
        summary: 'Readiness: the database is reachable and its schema is up to date',
        response: {
          200: Ref(StatusSchema),
          503: { description: 'Not ready: the message says why', $ref: 'SimpleError#' },
        },
      },
      handler: async (request, reply) => {
        reply.headers(noStore);
        const readiness = await checkReadiness(options.db);
        if (!readiness.ready) {
          // The cause (host names, driver messages) goes to the log only, not to an unauthenticated caller.
          request.log.warn({ err: readiness.cause }, `not ready: ${readiness.reason}`);
          throw new DomainError(503, undefined, `not ready: ${readiness.reason}`);
        }
        return { status: 'ok' };
      },
    });
  },
  { name: 'health-routes' },
);
