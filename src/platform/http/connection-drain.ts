import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the app is closing, every response still being sent says `Connection: close`, so Node ends that keep-alive
 * connection after it. Without this, a request that was in flight at SIGTERM leaves its connection open (Node
 * closes only the connections idle at the moment of `close()`), and shutdown waits for the keep-alive timeout.
 */
export const connectionDrain = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'connection-drain' },
);
