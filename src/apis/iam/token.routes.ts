import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Config } from '../../config.js';
import { principalOf } from '../../platform/auth/authenticate.js';
import { TooManyRequestsError } from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { NoBody, withHeaders } from '../../platform/http/response-declarations.js';
import { Ref } from '../../platform/resource/declare.js';
import type { KeyRing } from './signing-keys.js';
import type { TokenService } from './token.service.js';
import {
  formOrJsonBody,
  malformedTokenRequest,
  PUBLIC_BODY_LIMIT,
  type TokenEndpointHooks,
} from './token-endpoint-hooks.js';
import {
  basicCredentials,
  normalizeTokenRequest,
  OAuthQuerySchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from './token-request.js';

const TAG = 'Tokens (IAM)';
// Public routes: their 401 (bad client credentials) and 429 (rate limit, sign-in throttle) are their own.
const tokenResponses = {
  200: withHeaders(Ref(TokenResponseSchema), 'cache-control'),
  ...errorResponses('simple', [401, 429]),
};

export function registerTokenRoutes(
  untyped: FastifyInstance,
  deps: {
    tokens: TokenService;
    keys: () => KeyRing;
    hooks: TokenEndpointHooks;
    config: Pick<Config, 'trustedProxies'>;
  },
) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { tokens } = deps;
  const { rateLimit, noStore, realIpHeader } = deps.hooks;
  const addressOf = (request: FastifyRequest) => clientIp(request, deps.config.trustedProxies);

  app.post('/iam/tokens', {
    config: { public: true },
    onRequest: [rateLimit, noStore],
    bodyLimit: PUBLIC_BODY_LIMIT,
    errorHandler: malformedTokenRequest,
    schema: {
      operationId: 'getUserToken',
      tags: [TAG],
      summary: 'Issue, refresh or exchange a token (camelCase or snake_case TokenRequest)',
      description:
        'Grants: `client_credentials` (realmName, clientSecret), `password` (realmName, username, password; the default), `refresh_token`, `end_user_credentials`. A `scope` narrows the granted scopes, never widens them. Wrong credentials answer 401 (`invalid_client`, `invalid_grant`); too many requests from one address, or too many failed sign-ins of a username from one address (or from one address whatever the username), 429 with `Retry-After`, the same for a username that does not exist. Answers are never cached (`Cache-Control: no-store`).',
      headers: realIpHeader,
      body: Ref(TokenRequestSchema),
      response: tokenResponses,
    },
    handler: (request) => tokens.grant(normalizeTokenRequest(request.body), addressOf(request)),
  });

  app.post('/iam/tokens/oauth', {
    config: { public: true, clientAuth: true },
    onRequest: [rateLimit, noStore],
    bodyLimit: PUBLIC_BODY_LIMIT,
    errorHandler: malformedTokenRequest,
    // Query parameters and HTTP Basic alone make a complete request: an absent body counts as an empty one.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: {
      operationId: 'getTokenOAuth',
      tags: [TAG],
      summary: 'RFC 6749 token endpoint: form or JSON body, query parameters, HTTP Basic client authentication',
      description:
        'The token endpoint OAuth 2.0 clients expect: `grant_type`, `client_id`, `client_secret`, `username`, `password`, `refresh_token`, `scope` in an `application/x-www-form-urlencoded` or JSON body or the query string; the client may authenticate with HTTP Basic (`realm:secret`). Errors carry `error` and `error_description` (RFC 6749 §5.2).',
      headers: realIpHeader,
      querystring: OAuthQuerySchema,
      body: formOrJsonBody(TokenRequestSchema),
      response: tokenResponses,
    },
    handler: async (request) => {
      const basic = basicCredentials(request.headers.authorization);
      return tokens.grant(normalizeTokenRequest(request.body, request.query, basic), addressOf(request));
    },
  });

  app.delete('/iam/tokens/invalidate', {
    config: { anyToken: true },
    schema: {
      operationId: 'invalidateToken',
      tags: [TAG],
      summary: "Log out: end the bearer token's session",
      description:
        'The access and refresh tokens of this session are refused from then on, on every instance within a second.',
      response: { 204: NoBody() },
    },
    handler: async (request, reply) => {
      await tokens.invalidate(principalOf(request));
      return reply.code(204).send();
    },
  });

  app.delete('/iam/tokens/reset', {
    config: { anyToken: true },
    schema: {
      operationId: 'resetTokens',
      tags: [TAG],
      summary: "End every session of the bearer token's subject",
      description: 'Every access and refresh token of this user or client is refused from then on.',
      response: { 204: NoBody() },
    },
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
      description:
        'RS256 public keys, by `kid`; a retired key stays listed while tokens it signed may still be valid. Cacheable for 5 minutes.',
      response: { 200: Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) }) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.keys().jwks;
    },
  });
}

/** The rate limiter's refusal, in our error shape. */
export function rateLimitError(_request: FastifyRequest, context: { ttl: number; max: number }) {
  return new TooManyRequestsError(
    `too many token requests: at most ${context.max} a minute; retry in ${Math.ceil(context.ttl / 1000)} s`,
    Math.ceil(context.ttl / 1000),
  );
}
