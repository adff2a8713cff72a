import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { NoBody } from '../../platform/http/response-declarations.js';
import { Ref } from '../../platform/resource/declare.js';
import type { IssuedTokens } from './issued-tokens.js';
import {
  formOrJsonBody,
  malformedTokenRequest,
  PUBLIC_BODY_LIMIT,
  type TokenEndpointHooks,
} from './token-endpoint-hooks.js';
import {
  clientCredentialsOf,
  IntrospectionResponseSchema,
  presentedToken,
  type TokenOperationRequest,
  TokenOperationRequestSchema,
} from './token-operation-request.js';
import { basicCredentials } from './token-request.js';

const TAG = 'Tokens (IAM)';

export function registerRevocationIntrospectionRoutes(
  untyped: FastifyInstance,
  deps: { issued: IssuedTokens; hooks: TokenEndpointHooks },
) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { issued } = deps;
  const { rateLimit, noStore, realIpHeader } = deps.hooks;
  /** The realm of the client that authenticated, and the token it presented (401 before 400). */
  const clientAndToken = async (body: TokenOperationRequest, authorization: string | undefined) => {
    const realm = await issued.clientRealm(clientCredentialsOf(body, basicCredentials(authorization)));
    return { realm, token: presentedToken(body) };
  };
  const common = {
    // Public to the bearer-token hook: the client authenticates itself, by HTTP Basic or in the body.
    config: { public: true, clientAuth: true },
    onRequest: [rateLimit, noStore],
    bodyLimit: PUBLIC_BODY_LIMIT,
    errorHandler: malformedTokenRequest,
    // HTTP Basic alone, without a body, still gets 401/400 in the OAuth shape rather than a framework error.
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {};
    },
  };

  app.post('/iam/tokens/revoke', {
    ...common,
    schema: {
      operationId: 'revokeToken',
      tags: [TAG],
      summary: "RFC 7009 revocation: end the token's session (200 also for an unknown token)",
      headers: realIpHeader,
      body: formOrJsonBody(TokenOperationRequestSchema),
      response: {
        200: NoBody({ description: 'revoked, or nothing to revoke (RFC 7009 §2.2); empty body' }),
        ...errorResponses('simple', [400, 401, 429, 500]),
      },
    },
    handler: async (request, reply) => {
      const { realm, token } = await clientAndToken(request.body, request.headers.authorization);
      await issued.revoke(realm, token);
      return reply.code(200).send();
    },
  });

  app.post('/iam/tokens/introspect', {
    ...common,
    schema: {
      operationId: 'introspectToken',
      tags: [TAG],
      summary: "RFC 7662 introspection of an access or refresh token of the client's realm",
      headers: realIpHeader,
      body: formOrJsonBody(TokenOperationRequestSchema),
      response: { 200: Ref(IntrospectionResponseSchema), ...errorResponses('simple', [400, 401, 429, 500]) },
    },
    handler: async (request) => {
      const { realm, token } = await clientAndToken(request.body, request.headers.authorization);
      return issued.introspect(realm, token);
    },
  });
}
