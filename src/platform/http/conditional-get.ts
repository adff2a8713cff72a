import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === weakless(etag));
}

/**
 * `If-None-Match` on any GET whose answer carries an ETag: when it matches, 304 with the ETag and no body, so a
 * client re-reads a record for the price of a header. Every route that sets an ETag gets this without code of its own.
 */
export function registerConditionalGet(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !noneMatchHits(request.headers['if-none-match'], etag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}
