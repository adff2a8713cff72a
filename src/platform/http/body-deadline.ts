import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestTimeoutError } from '../errors/domain-errors.js';

/** A request whose body has not fully arrived yet (`complete` is Node's; injected test requests lack it). */
function stillArriving(request: FastifyRequest): boolean {
  return request.raw.complete === false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body as a stream, at the pace it stores it (a bulk import): no deadline for the whole body. */
    streamsBody?: boolean;
  }
}

/**
 * Multipart uploads and streamed bodies (bulk imports) are read by their route, from the raw request, under the
 * whole-request limit instead.
 */
function readByRoute(request: FastifyRequest): boolean {
  return (
    /^multipart\//i.test(request.headers['content-type'] ?? '') || request.routeOptions.config?.streamsBody === true
  );
}

/**
 * The body as Fastify's parsers read it, ended with a 408 error if it has not arrived within `timeoutMs`. The raw
 * request is only unpiped, not destroyed, so the socket stays open for the 408 answer.
 */
function withDeadline(source: Readable, timeoutMs: number): Readable {
  const body = new PassThrough();
  const timer = setTimeout(() => {
    source.unpipe(body);
    body.destroy(new RequestTimeoutError(`the request body was not received within ${timeoutMs / 1000} s`));
  }, timeoutMs);
  const stop = () => clearTimeout(timer);
  source.once('end', stop);
  source.once('error', (error) => body.destroy(error));
  source.once('close', () => {
    if (!body.writableEnded)
      body.destroy(new Error('the client closed the connection before its request body was complete'));
  });
  body.once('close', stop);
  // An unread body (e.g. an unsupported content type, answered 415) still ends here without an uncaught error.
  body.on('error', () => undefined);
  source.pipe(body);
  return body;
}

/**
 * Time limits of a body still arriving after its head (docs/decisions.md#time-limits-on-requests). A body the service
 * parses must arrive within `timeoutMs`; and an answer sent before the body is complete (a 401 before a trickling
 * upload, a 413) closes the connection, so the client cannot keep it by sending the rest slowly.
 */
export const bodyDeadline = fp(
  async (app: FastifyInstance, options: { timeoutMs: number }) => {
    app.addHook('preParsing', async (request, _reply, payload) =>
      stillArriving(request) && !readByRoute(request) ? withDeadline(payload, options.timeoutMs) : payload,
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (stillArriving(request)) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'body-deadline' },
);
