import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../errors/domain-errors.js';

/**
 * Once the app is closing, every response still being sent says `Connection: close`, so Node ends that keep-alive
 * connection after it. Without this, a request that was in flight at SIGTERM leaves its connection open (Node
 * closes only the connections idle at the moment of `close()`), and shutdown waits for the keep-alive timeout.
 * A request that arrives while closing (on a connection that was busy at `close()`) is not started: it answers 503
 * in our error shape (Fastify's own `return503OnClosing` answer is not), so a load balancer retries it elsewhere.
 * Registered before authentication, so even a request without a token learns the service is going away.
 */
export const connectionDrain = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async () => {
      if (closing) throw new ServiceUnavailableError('the service is shutting down; retry the request');
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'connection-drain' },
);
