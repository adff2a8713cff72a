import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AuthorizationRequests } from './authorization-request.js';
import { type AuthorizeDeps, registerAuthorizeRoutes } from './authorize.routes.js';
import { ClientAuthenticator } from './client-authentication.js';
import { consoleRedirects, registerConsoleClients } from './console-client.js';
import { registerDiscoveryRoutes, ServerMetadataSchema } from './discovery.routes.js';
import { IssuedTokens } from './issued-tokens.js';
import { JwtAccessTokenVerifier } from './jwt-access-token-verifier.js';
import { bootstrapOperator } from './operator-bootstrap.js';
import { RealmService } from './realm.service.js';
import { realmUserSchemas } from './realm-user.schema.js';
import { registerRealmUserRoutes } from './realm-users.routes.js';
import { registerRevocationIntrospectionRoutes } from './revocation-introspection.routes.js';
import { RevokedSessions } from './revoked-sessions.js';
import { startSessionPurge } from './session-purge.js';
import { type KeyRing, loadKeyRing } from './signing-keys.js';
import { registerTokenRoutes } from './token.routes.js';
import { TokenService } from './token.service.js';
import { basicChallengeOnlyForBasic, tokenEndpointHooks } from './token-endpoint-hooks.js';
import { TokenIssuer } from './token-issuer.js';
import { IntrospectionResponseSchema, TokenOperationRequestSchema } from './token-operation-request.js';
import { TokenRequestSchema, TokenResponseSchema } from './token-request.js';
import { UserSignIn } from './user-sign-in.js';

export interface Iam {
  verifier: JwtAccessTokenVerifier;
  tokens: TokenService;
  /** Revocation and introspection. */
  issued: IssuedTokens;
  realms: RealmService;
  keys: () => KeyRing;
  /** What the browser sign-in (authorization endpoint, end session) works with. */
  browser: Omit<AuthorizeDeps, 'hooks'>;
  /** Stops the background timers (revocation polling, session purge). */
  stop(): void;
}

/** Everything the token service needs at start: keys, operator realm, revocation list. Routes come separately. */
export async function startIam(db: Database, config: Config, log: FastifyInstance['log'], clock: Clock): Promise<Iam> {
  const keys = await loadKeyRing(db);
  await bootstrapOperator(db, config, log);
  await registerConsoleClients(db, consoleRedirects(config));
  const revoked = new RevokedSessions(db, config.accessTokenTtl);
  await revoked.start(log);
  const issuer = new TokenIssuer(() => keys, config.publicBaseUrl, config.accessTokenTtl, clock);
  const verifier = new JwtAccessTokenVerifier(keys, config.publicBaseUrl, revoked, clock);
  const stopPurge = startSessionPurge(db, log);
  const clients = new ClientAuthenticator(clock);
  const users = new UserSignIn(db, config, clock);
  const tokens = new TokenService(db, issuer, revoked, clients, users, config, clock);
  const requests = new AuthorizationRequests(() => keys, config.publicBaseUrl, clock);
  return {
    verifier,
    tokens,
    browser: { db, users, tokens, requests, publicBaseUrl: config.publicBaseUrl, clock },
    issued: new IssuedTokens(db, keys, config.publicBaseUrl, revoked, clients, clock),
    realms: new RealmService(db, revoked, consoleRedirects(config)),
    keys: () => keys,
    stop() {
      revoked.stop();
      stopPurge();
    },
  };
}

/** `app` may parse form bodies (the OAuth endpoints need them); the realm-user routes take JSON only. */
export function registerIamRoutes(app: FastifyInstance, iam: Iam, config: Config) {
  const schemas = [
    TokenRequestSchema,
    TokenResponseSchema,
    TokenOperationRequestSchema,
    IntrospectionResponseSchema,
    ServerMetadataSchema,
    ...realmUserSchemas,
  ];
  for (const schema of schemas) app.addSchema(schema);
  const hooks = tokenEndpointHooks(app, config);
  app.addHook('onSend', basicChallengeOnlyForBasic);
  registerTokenRoutes(app, { tokens: iam.tokens, keys: iam.keys, hooks });
  registerRevocationIntrospectionRoutes(app, { issued: iam.issued, hooks });
  registerDiscoveryRoutes(app, { realms: iam.realms, publicBaseUrl: config.publicBaseUrl });
  registerAuthorizeRoutes(app, { ...iam.browser, hooks });
  void app.register(async (jsonOnly) => {
    jsonOnly.removeContentTypeParser('application/x-www-form-urlencoded');
    registerRealmUserRoutes(jsonOnly, iam.realms);
  });
}
