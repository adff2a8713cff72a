import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How many requests this process is answering now, so its background work can give way to them (a bulk import
 * uses both cores only while no request is being answered: bulk-catalogue's row-batches.ts). A request counts from
 * its arrival to the end of its response, or to its connection's close.
 */
export class RequestLoad {
  private answering = 0;

  /** Requests being answered now. */
  get inFlight(): number {
    return this.answering;
  }

  /** One more request; answers the function that ends it (once, however often it is called). */
  started(): () => void {
    this.answering += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.answering -= 1;
    };
  }
}

/** Counts the app's requests in `load`. */
export const countRequests = fp(
  async (app: FastifyInstance, options: { load: RequestLoad }) => {
    app.addHook('onRequest', async (_request, reply) => {
      const ended = options.load.started();
      // 'finish' when the response is sent; 'close' also when the client went away first.
      reply.raw.once('finish', ended);
      reply.raw.once('close', ended);
    });
  },
  { name: 'count-requests' },
);
