import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { ApiModule } from '../api-module.js';
import { AuthorizationRequests } from './authorization-request.js';
import { registerAuthorizeRoutes } from './authorize.routes.js';
import { ClientAuthenticator } from './client-authentication.js';
import { consoleRedirects, registerConsoleClients } from './console-client.js';
import { registerDiscoveryRoutes, ServerMetadataSchema } from './discovery.routes.js';
import type { Iam } from './iam.js';
import { IssuedTokens } from './issued-tokens.js';
import { JwtAccessTokenVerifier } from './jwt-access-token-verifier.js';
import { bootstrapOperator } from './operator-bootstrap.js';
import { SecretHasher } from './passwords.js';
import { RealmService } from './realm.service.js';
import { realmUserSchemas } from './realm-user.schema.js';
import { registerRealmUserRoutes } from './realm-users.routes.js';
import { registerRevocationIntrospectionRoutes } from './revocation-introspection.routes.js';
import { RevokedSessions } from './revoked-sessions.js';
import { sessionPurgeJob } from './session-purge.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { loadKeyRing } from './signing-keys.js';
import { rateLimitError, registerTokenRoutes } from './token.routes.js';
import { TokenService } from './token.service.js';
import { basicChallengeOnlyForBasic, tokenEndpointHooks } from './token-endpoint-hooks.js';
import { TokenIssuer } from './token-issuer.js';
import { IntrospectionResponseSchema, TokenOperationRequestSchema } from './token-operation-request.js';
import { TokenRequestSchema, TokenResponseSchema } from './token-request.js';
import { UserSignIn } from './user-sign-in.js';

/** Everything the token service needs at start: keys, operator realm, revocation list (read once here, then polled by a job). */
async function startIam(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<{ iam: Iam; revoked: RevokedSessions; throttle: SignInThrottle }> {
  const keys = await loadKeyRing(db);
  const hasher = new SecretHasher(config.passwordHashCost);
  await bootstrapOperator(db, config, log, hasher);
  await registerConsoleClients(db, consoleRedirects(config));
  const revoked = new RevokedSessions(db, config.accessTokenTtl);
  await revoked.refresh();
  const issuer = new TokenIssuer(() => keys, config.publicBaseUrl, config.accessTokenTtl, clock);
  const verifier = new JwtAccessTokenVerifier(keys, config.publicBaseUrl, revoked, clock);
  const clients = new ClientAuthenticator(hasher, clock);
  const throttle = new SignInThrottle(db, config, clock);
  const users = new UserSignIn(db, throttle, hasher);
  const tokens = new TokenService(db, issuer, revoked, clients, users, config, clock);
  const requests = new AuthorizationRequests(() => keys, config.publicBaseUrl, clock);
  const iam: Iam = {
    verifier,
    tokens,
    browser: {
      db,
      users,
      tokens,
      requests,
      publicBaseUrl: config.publicBaseUrl,
      trustedProxies: config.trustedProxies,
      clock,
    },
    issued: new IssuedTokens(db, keys, config.publicBaseUrl, revoked, clients, clock),
    realms: new RealmService(db, revoked, consoleRedirects(config), hasher),
    keys: () => keys,
  };
  return { iam, revoked, throttle };
}

/** `app` may parse form bodies (the OAuth endpoints need them); the realm-user routes take JSON only. */
function registerIamRoutes(app: FastifyInstance, iam: Iam, config: Config) {
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
  registerTokenRoutes(app, { tokens: iam.tokens, keys: iam.keys, hooks, config });
  registerRevocationIntrospectionRoutes(app, { issued: iam.issued, hooks });
  registerDiscoveryRoutes(app, { realms: iam.realms, publicBaseUrl: config.publicBaseUrl });
  registerAuthorizeRoutes(app, { ...iam.browser, hooks });
  void app.register(async (jsonOnly) => {
    jsonOnly.removeContentTypeParser('application/x-www-form-urlencoded');
    registerRealmUserRoutes(jsonOnly, iam.realms);
  });
}

/**
 * The IAM API (tokens, realms and their users, browser sign-in). It starts first: the other APIs reach it through
 * their ApiContext (`iam`), and the platform checks every request's token with its verifier.
 */
export const iamModule: ApiModule = {
  name: 'iam',
  // Realms, clients, users and sessions have their own tables (migrations 0001, 0006, 0013), not the engine's.
  kinds: [],
  async start({ db, config, log, clock }) {
    const { iam, revoked, throttle } = await startIam(db, config, log, clock);
    return {
      shares: { iam },
      routes: async (scope) => {
        // Only the token endpoints take form bodies (RFC 6749); everywhere else a form body is a 415.
        await scope.register(formBody);
        // Only the token endpoints are rate limited (their hook: token-endpoint-hooks.ts).
        await scope.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });
        registerIamRoutes(scope, iam, config);
      },
      jobs: [revoked.pollJob(), sessionPurgeJob(db, throttle)],
    };
  },
};
