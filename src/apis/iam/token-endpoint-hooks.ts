import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Config } from '../../config.js';
import { DomainError, OAuthError } from '../../platform/errors/domain-errors.js';
import { describeValidationErrors } from '../../platform/errors/validation-messages.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { bodyByMediaType } from '../../platform/http/media-type-body.js';
import { rateLimited } from '../../platform/metrics/process-metrics.js';
import { Ref } from '../../platform/resource/declare.js';

/**
 * The largest body a public route reads before anyone is authenticated (DECISIONS §14): 64 KB, as route `bodyLimit`.
 * Fastify refuses a larger `Content-Length` before reading a byte, and stops reading a chunked body once it passes
 * the limit; either way nothing is parsed (413). A token request is a few hundred bytes, the sign-in form ~1 KB.
 */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

/** What the OAuth endpoints (token, revocation, introspection) share. */
export interface TokenEndpointHooks {
  /** One limiter (one store) for all of them, so a client cannot multiply its allowance by alternating them. */
  rateLimit: onRequestHookHandler;
  /** RFC 6749 §5.1: responses carrying tokens must not be cached. */
  noStore: onRequestHookHandler;
  realIpHeader: ReturnType<typeof Type.Object>;
}

export function tokenEndpointHooks(app: FastifyInstance, config: Config): TokenEndpointHooks {
  return {
    rateLimit: app.rateLimit({
      max: config.tokenRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => clientIp(request, config.trustedProxies),
      onExceeded: (request: FastifyRequest) => rateLimited.inc({ route: request.routeOptions.url ?? 'unmatched' }),
    }),
    noStore: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    },
    realIpHeader: Type.Object({
      'x-real-ip': Type.Optional(Type.String({ description: 'client address; honoured only from TRUSTED_PROXIES' })),
    }),
  };
}

/** The body carried a client secret (client_secret_post), not the Authorization header. Any route's body comes here. */
function secretInBody(request: FastifyRequest): boolean {
  const { body } = request;
  if (typeof body !== 'object' || body === null) return false;
  return (
    ('clientSecret' in body && body.clientSecret !== undefined) ||
    ('client_secret' in body && body.client_secret !== undefined)
  );
}

/**
 * RFC 6749 §5.2: the `WWW-Authenticate: Basic` challenge of an `invalid_client` answer is for a client that
 * authenticated with the Authorization header (or not at all). One whose secret came in the body gets the 401
 * without it, so a browser (the API reference's "Try it out") shows the JSON error instead of its own sign-in prompt.
 */
export async function basicChallengeOnlyForBasic(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const challenge = reply.getHeader('www-authenticate');
  const basicSent = /^\s*Basic\s/i.test(request.headers.authorization ?? '');
  if (
    reply.statusCode === 401 &&
    typeof challenge === 'string' &&
    challenge.startsWith('Basic') &&
    !basicSent &&
    secretInBody(request)
  ) {
    reply.removeHeader('www-authenticate');
  }
  return payload;
}

/** The request body of an OAuth endpoint: the same schema as a form (RFC 6749) or as JSON, typed as that schema. */
export function formOrJsonBody<S extends TSchema>(body: S) {
  const schema = Ref(body);
  return bodyByMediaType({ 'application/x-www-form-urlencoded': schema, 'application/json': schema });
}

/**
 * RFC 6749 §5.2: a malformed request to an OAuth endpoint (bad JSON, a field of the wrong type, no body) is
 * `invalid_request`, not a bare "Bad Request". Everything else goes on to the one error mapper unchanged.
 */
export function malformedTokenRequest(error: FastifyError): never {
  if (error instanceof DomainError) throw error;
  if (error.validation) {
    throw new OAuthError(
      400,
      'invalid_request',
      describeValidationErrors(error.validation, error.validationContext ?? 'body')
        .map((d) => d.message)
        .join('; '),
    );
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    throw new OAuthError(400, 'invalid_request', 'the body is empty; send a JSON or form-encoded request');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    throw new OAuthError(400, 'invalid_request', 'the body is not valid JSON');
  throw error;
}
