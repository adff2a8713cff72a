import type { FastifyInstance } from 'fastify';
import type { Metric } from 'prom-client';
import type { Database } from '../db/database.js';
import { healthRoutes } from './health.js';
import { metricsRoutes } from './metrics.js';

/**
 * `/metrics`, `/health/live` and `/health/ready`: what every process serves, the server on PORT and a worker on
 * WORKER_PORT. `metrics` are the process's own besides the platform's (its APIs', its jobs').
 */
export async function registerOperationsRoutes(
  app: FastifyInstance,
  db: Database,
  metrics: readonly Metric[],
): Promise<void> {
  await app.register(metricsRoutes, { db });
  for (const metric of metrics) app.metrics.registerMetric(metric);
  await app.register(healthRoutes, { db });
}
