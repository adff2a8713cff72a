import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; other modules register their own metrics on it. */
    metrics: Registry;
  }
}

/** Requests that matched no route share one label, so probing random URLs cannot grow the series without bound. */
const UNMATCHED_ROUTE = 'unmatched';

function routeLabel(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/**
 * Prometheus metrics at `GET /metrics`: the default process metrics and the HTTP request duration histogram,
 * labelled by method, route pattern (`/terms/:id`, never the raw URL) and status code. The registry belongs
 * to the app (not prom-client's global one), so several apps in one process never collide.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests from arrival to the last byte of the response, in seconds',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    app.decorate('metrics', registry);

    app.addHook('onResponse', async (request, reply) => {
      duration.observe({ method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', {
      config: { public: true },
      schema: {
        operationId: 'metrics',
        tags: ['Operations'],
        summary: 'Prometheus metrics of this instance (text exposition format)',
        response: { 200: { description: 'Metrics in the Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
      handler: async (_request, reply) => reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics()),
    });
  },
  { name: 'metrics-routes' },
);
