import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { keptGauge } from '../metrics/kept-gauge.js';
import { PROCESS_METRICS } from '../metrics/process-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; other modules register their own metrics on it. */
    metrics: Registry;
  }
}

/** Requests that matched no route share one label, so probing random URLs cannot grow the series without bound. */
const UNMATCHED_ROUTE = 'unmatched';
/** A scrape asks the database this long at most whether it answers. */
const DB_PROBE_MS = 500;

function routeLabel(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/** 1 when the database answers `SELECT 1` within DB_PROBE_MS, else 0: the scrape itself never waits longer or fails. */
async function databaseUp(db: Database): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(0), DB_PROBE_MS);
  });
  const probe = db.query('SELECT 1').then(
    () => 1,
    () => 0,
  );
  return Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
}

/** The service's version (package.json) and the runtime's, as labels of a gauge set to 1. */
function buildInfo(registry: Registry): void {
  const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const info = new Gauge({
    name: 'build_info',
    help: 'The running build: service version and Node.js version (always 1)',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  });
  info.set({ version, node: process.version }, 1);
}

function databaseMetrics(registry: Registry, db: Database): void {
  new Gauge({
    name: 'db_up',
    help: 'Whether the database answered the scrape (1) or not (0); gauges read from it keep their last value meanwhile',
    registers: [registry],
    async collect() {
      this.set(await databaseUp(db));
    },
  });
  const pool = (field: 'size' | 'idle' | 'waiting', help: string) =>
    registry.registerMetric(
      keptGauge({
        name: `db_pool_${field}`,
        help,
        read: async () => (db.poolStats ? [{ value: db.poolStats()[field] }] : []),
      }),
    );
  pool('size', 'Connections the pool holds (PostgreSQL; the embedded database has no pool)');
  pool('idle', 'Connections of the pool not in use');
  pool('waiting', 'Requests waiting for a connection of the pool');
}

/**
 * Prometheus metrics at `GET /metrics`, which never depends on the database: the default process metrics, HTTP
 * requests (duration by method, route pattern and status; in flight), the database (reachable, pool, acquire
 * time), build info, and the counters of jobs and of the IAM (process-metrics.ts). The registry belongs to the app
 * (not prom-client's global one), so several apps in one process never collide. docs/operations.md lists them.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests from arrival to the last byte of the response, in seconds',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'HTTP requests being answered now',
      registers: [registry],
    });
    buildInfo(registry);
    databaseMetrics(registry, options.db);
    for (const metric of PROCESS_METRICS) registry.registerMetric(metric);
    app.decorate('metrics', registry);

    app.addHook('onRequest', async () => {
      inFlight.inc();
    });
    app.addHook('onResponse', async (request, reply) => {
      inFlight.dec();
      duration.observe(
        { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', {
      config: { public: true },
      schema: {
        operationId: 'metrics',
        tags: ['Operations'],
        summary: 'Prometheus metrics of this instance (text exposition format)',
        response: {
          200: {
            description: 'Metrics in the Prometheus text format',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
      handler: async (_request, reply) =>
        reply
          .type(registry.contentType)
          .header('cache-control', 'no-store')
          .send(await registry.metrics()),
    });
  },
  { name: 'metrics-routes' },
);
