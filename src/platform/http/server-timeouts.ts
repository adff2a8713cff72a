import type { HttpTimeouts } from '../../config.js';

/**
 * Fastify/Node server options enforcing the head, whole-request and keep-alive limits (the body limit is
 * `body-deadline.ts`). Node checks the first two on a timer; it runs at a quarter of the shorter limit, so a limit is
 * enforced at most 25% late. Fastify's defaults would leave the whole-request limit off (a trickling body could hold
 * a connection forever). No socket idle timeout (`connectionTimeout`): it would also cut a slow handler off without
 * an answer, and the limits above already bound every phase where the client is the one sending.
 */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  const checkEveryMs = Math.min(30_000, Math.max(250, Math.min(timeouts.headersMs, timeouts.requestMs) / 4));
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkEveryMs,
    },
  };
}
