import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { Ref } from '../../platform/resource/declare.js';
import type { RealmRow } from './iam.repository.js';
import type { RealmService } from './realm.service.js';
import { RealmParamsSchema } from './realm-user.schema.js';
import { issuerOf } from './token-issuer.js';
import { END_USER_GRANT_URI, GRANT_TYPES } from './token-request.js';

const TAG = 'Tokens (IAM)';
const strings = () => Type.Array(Type.String());

/** RFC 8414 §2 metadata, plus the OpenID Connect discovery fields; one document serves both well-known paths. */
export const ServerMetadataSchema = Type.Object(
  {
    issuer: Type.String(),
    authorization_endpoint: Type.String(),
    token_endpoint: Type.String(),
    end_session_endpoint: Type.String(),
    jwks_uri: Type.String(),
    revocation_endpoint: Type.String(),
    introspection_endpoint: Type.String(),
    grant_types_supported: strings(),
    token_endpoint_auth_methods_supported: strings(),
    revocation_endpoint_auth_methods_supported: strings(),
    introspection_endpoint_auth_methods_supported: strings(),
    scopes_supported: strings(),
    response_types_supported: strings(),
    response_modes_supported: strings(),
    code_challenge_methods_supported: strings(),
    authorization_response_iss_parameter_supported: Type.Boolean(),
    subject_types_supported: strings(),
    id_token_signing_alg_values_supported: strings(),
    service_documentation: Type.String(),
  },
  { $id: 'AuthorizationServerMetadata' },
);
type ServerMetadata = Static<typeof ServerMetadataSchema>;

const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

function serverMetadata(base: string, realm: RealmRow): ServerMetadata {
  const issuer = issuerOf(base, realm.name);
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${base}/iam/tokens/oauth`,
    end_session_endpoint: `${issuer}/logout`,
    jwks_uri: `${base}/iam/jwks`,
    revocation_endpoint: `${base}/iam/tokens/revoke`,
    introspection_endpoint: `${base}/iam/tokens/introspect`,
    // idp_login needs an identity provider, and none is configured.
    grant_types_supported: [...GRANT_TYPES.filter((grant) => grant !== 'idp_login'), END_USER_GRANT_URI],
    // `none`: a public client (the console) at the token endpoint, proving the code with PKCE instead.
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS, 'none'],
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    introspection_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    scopes_supported: realm.scopes,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    service_documentation: `${base}/docs`,
  };
}

export function registerDiscoveryRoutes(
  untyped: FastifyInstance,
  deps: { realms: RealmService; publicBaseUrl: string },
) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const handler = async (request: { params: Static<typeof RealmParamsSchema> }) => {
    const { realm } = request.params;
    const found = await deps.realms.find(realm);
    if (!found) throw new NotFoundError('realm', realm);
    return serverMetadata(deps.publicBaseUrl, found);
  };
  const response = { 200: Ref(ServerMetadataSchema), ...errorResponses('simple', [404, 500]) };

  app.get('/iam/realms/:realm/.well-known/openid-configuration', {
    config: { public: true },
    schema: {
      operationId: 'getOpenIdConfiguration',
      tags: [TAG],
      summary: 'OpenID Connect discovery document of a realm',
      params: RealmParamsSchema,
      response,
    },
    handler,
  });

  // RFC 8414 §3: the well-known segment goes between the host and the issuer's path.
  app.get('/.well-known/oauth-authorization-server/iam/realms/:realm', {
    config: { public: true },
    schema: {
      operationId: 'getAuthorizationServerMetadata',
      tags: [TAG],
      summary: 'OAuth authorization server metadata of a realm (RFC 8414)',
      params: RealmParamsSchema,
      response,
    },
    handler,
  });
}
