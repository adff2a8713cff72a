import { maxHeaderSize, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpTimeouts } from '../../config.js';
import type { Clock } from '../clock.js';
import { simpleErrorBody } from './error-handler.js';

/** What Node's HTTP parser and its time limits raise (Fastify's `ConnectionError` types `rawPacket` as JSON). */
type ClientError = Omit<ConnectionError, 'rawPacket'> & { reason?: string; rawPacket?: Buffer };

interface InFlight {
  path: string;
  response: ServerResponse;
}

/** The request each connection is answering, so a late client error knows its path and whether an answer began. */
const inFlight = new WeakMap<Socket, InFlight>();

export const trackRequestsInFlight = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      inFlight.set(request.raw.socket, { path: request.url.split('?')[0]!, response: reply.raw });
    });
    app.addHook('onResponse', async (request) => {
      inFlight.delete(request.raw.socket);
    });
  },
  { name: 'track-requests-in-flight' },
);

/** The path of a request line at the start of `packet` (a request the parser refused), without its query. */
function requestLinePath(packet: Buffer | undefined): string | undefined {
  const line = /^[A-Z]{1,20} (\/[^\s?]{0,1024})\S* HTTP\/1\.[01]\r?\n/.exec(
    packet?.subarray(0, 1100).toString('latin1') ?? '',
  );
  return line?.[1];
}

function statusAndMessage(error: ClientError, timeouts: HttpTimeouts, requestStarted: boolean): [number, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestStarted
        ? [408, `the request was not received in full within ${timeouts.requestMs / 1000} s`]
        : [408, `the request headers were not received within ${timeouts.headersMs / 1000} s`];
    case 'HPE_HEADER_OVERFLOW':
      return [431, `the request headers are larger than the ${maxHeaderSize} bytes the server accepts`];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'the chunk extensions of the request body are larger than the server accepts'];
    default:
      return [400, `the request is not valid HTTP/1.1${error.reason ? ` (${error.reason.slice(0, 200)})` : ''}`];
  }
}

function rawResponse(status: number, body: string): string {
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: malformed framing (400), oversized headers (431), and requests too slow to arrive
 * (408, from Node's `headersTimeout`/`requestTimeout`) are answered in our error shape, then the connection is closed.
 * Nothing is written once an answer has begun (it would corrupt it) or when the peer is gone. The answer's
 * `timestamp` is read from `clock`, the app's, as every other error answer's (the handler is made with the app, so
 * no request is needed to know it).
 */
export function clientErrorHandler(timeouts: HttpTimeouts, clock: Clock) {
  return function answerClientError(this: FastifyInstance, connectionError: ConnectionError, socket: Socket) {
    // Cast: Node's clientError passes an Error that carries `code` and `rawPacket`, which its type does not declare.
    const error = connectionError as unknown as ClientError;
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const current = inFlight.get(socket);
    const [status, message] = statusAndMessage(error, timeouts, current !== undefined);
    this.log.info({ code: error.code, status, path: current?.path }, 'client error: connection closed');
    if (socket.writable && !current?.response.headersSent) {
      const path = current?.path ?? requestLinePath(error.rawPacket) ?? '';
      socket.write(rawResponse(status, JSON.stringify(simpleErrorBody(status, message, path, clock))));
    }
    socket.destroy(error);
  };
}
