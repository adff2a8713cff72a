import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Config } from '../../config.js';
import { principalOf } from '../../platform/auth/authenticate.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { DomainError, NotFoundError, OAuthError, TooManyRequestsError } from '../../platform/errors/domain-errors.js';
import { describeValidationError } from '../../platform/errors/validation-messages.js';
import { clientIp } from '../../platform/http/client-ip.js';
import type { RealmService } from './realm.service.js';
import { RealmParamsSchema } from './realm-user.schema.js';
import type { KeyRing } from './signing-keys.js';
import { issuerOf } from './token-issuer.js';
import { basicCredentials, GRANT_TYPES, normalizeTokenRequest, TokenRequestSchema, TokenResponseSchema, type TokenRequestBody } from './token-request.js';
import type { TokenService } from './token.service.js';

const TAG = 'Tokens (IAM)';
const tokenErrors = errorResponses('simple', [400, 401, 429, 500]);

const OAuthQuerySchema = Type.Object({
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
  refresh_token: Type.Optional(Type.String()),
  grant_type: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  realm: Type.Optional(Type.String()),
});

/**
 * RFC 6749 §5.2: a malformed token request (bad JSON, a field of the wrong type, no body) is `invalid_request`,
 * not a bare "Bad Request". Everything else goes on to the one error mapper unchanged.
 */
function malformedTokenRequest(error: FastifyError): never {
  if (error instanceof DomainError) throw error;
  if (error.validation) {
    throw new OAuthError(400, 'invalid_request', error.validation.map((v) => describeValidationError(v, error.validationContext ?? 'body').message).join('; '));
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') throw new OAuthError(400, 'invalid_request', 'the body is empty; send a JSON or form-encoded token request');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') throw new OAuthError(400, 'invalid_request', 'the body is not valid JSON');
  throw error;
}

export function registerTokenRoutes(app: FastifyInstance, deps: { tokens: TokenService; realms: RealmService; keys: () => KeyRing; config: Config }) {
  const { tokens, config } = deps;
  // One limiter (one store) for both token endpoints, so a client cannot double its allowance by alternating them.
  const rateLimit = app.rateLimit({
    max: config.tokenRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => clientIp(request, config.trustedProxies),
  });
  const realIpHeader = Type.Object({ 'x-real-ip': Type.Optional(Type.String({ description: 'client address; honoured only from TRUSTED_PROXIES' })) });
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    // RFC 6749 §5.1: responses carrying tokens must not be cached.
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
  };

  app.post('/iam/tokens', {
    config: { public: true },
    onRequest: [rateLimit, noStore],
    errorHandler: malformedTokenRequest,
    schema: {
      operationId: 'getUserToken',
      tags: [TAG],
      summary: 'Issue, refresh or exchange a token (camelCase or snake_case TokenRequest)',
      headers: realIpHeader,
      body: { $ref: 'TokenRequest#' },
      response: { 200: { $ref: 'TokenResponse#' }, ...tokenErrors },
    },
    handler: (request) => tokens.grant(normalizeTokenRequest(request.body as TokenRequestBody)),
  });

  app.post('/iam/tokens/oauth', {
    config: { public: true },
    onRequest: [rateLimit, noStore],
    errorHandler: malformedTokenRequest,
    // Query parameters and HTTP Basic alone make a complete request: an absent body counts as an empty one.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      operationId: 'getTokenOAuth',
      tags: [TAG],
      summary: 'RFC 6749 token endpoint: form or JSON body, query parameters, HTTP Basic client authentication',
      headers: realIpHeader,
      querystring: OAuthQuerySchema,
      body: { $ref: 'TokenRequest#' },
      response: { 200: { $ref: 'TokenResponse#' }, ...tokenErrors },
    },
    handler: async (request) => {
      const basic = basicCredentials(request.headers.authorization);
      return tokens.grant(normalizeTokenRequest(request.body as TokenRequestBody, request.query as Record<string, string>, basic));
    },
  });

  app.delete('/iam/tokens/invalidate', {
    config: { anyToken: true },
    schema: { operationId: 'invalidateToken', tags: [TAG], summary: "Log out: end the bearer token's session", response: { 204: Type.Null(), ...errorResponses('simple', [401, 500]) } },
    handler: async (request, reply) => {
      await tokens.invalidate(principalOf(request));
      return reply.code(204).send();
    },
  });

  app.delete('/iam/tokens/reset', {
    config: { anyToken: true },
    schema: { operationId: 'resetTokens', tags: [TAG], summary: "End every session of the bearer token's subject", response: { 204: Type.Null(), ...errorResponses('simple', [401, 500]) } },
    handler: async (request, reply) => {
      await tokens.reset(principalOf(request));
      return reply.code(204).send();
    },
  });

  app.get('/iam/jwks', {
    config: { public: true },
    schema: {
      operationId: 'getJwks',
      tags: [TAG],
      summary: 'Public keys that verify access tokens (JWKS)',
      response: { 200: Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) }) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.keys().jwks;
    },
  });

  app.get('/iam/realms/:realm/.well-known/openid-configuration', {
    config: { public: true },
    schema: {
      operationId: 'getOpenIdConfiguration',
      tags: [TAG],
      summary: 'OpenID Connect discovery document of a realm',
      params: RealmParamsSchema,
      response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses('simple', [404, 500]) },
    },
    handler: async (request) => {
      const { realm } = request.params as { realm: string };
      const found = await deps.realms.find(realm);
      if (!found) throw new NotFoundError('realm', realm);
      const base = config.publicBaseUrl;
      return {
        issuer: issuerOf(base, realm),
        token_endpoint: `${base}/iam/tokens/oauth`,
        jwks_uri: `${base}/iam/jwks`,
        // idp_login needs an identity provider, and none is configured.
        grant_types_supported: GRANT_TYPES.filter((grant) => grant !== 'idp_login'),
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        response_types_supported: ['token'],
        scopes_supported: found.scopes,
      };
    },
  });
}

/** The rate limiter's refusal, in our error shape. */
export function rateLimitError(_request: FastifyRequest, context: { ttl: number; max: number }) {
  return new TooManyRequestsError(`too many token requests: at most ${context.max} a minute; retry in ${Math.ceil(context.ttl / 1000)} s`, Math.ceil(context.ttl / 1000));
}
