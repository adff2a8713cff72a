import type { FastifyInstance } from 'fastify';

/** Answers longer than this (in UTF-16 units) are encoded once here. */
const LARGE = 16 * 1024;

/**
 * Large answers leave as bytes. A serialized answer is a string of many pieces; Fastify measures its UTF-8 length
 * for Content-Length (which flattens and scans it) and the socket encodes it again on write. Encoding it once here
 * does both for the price of one.
 */
export function registerLargePayloadBytes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, _reply, payload) =>
    typeof payload === 'string' && payload.length > LARGE ? Buffer.from(payload) : payload,
  );
}
