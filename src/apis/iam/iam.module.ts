import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { JwtAccessTokenVerifier } from './jwt-access-token-verifier.js';
import { bootstrapOperator } from './operator-bootstrap.js';
import { RealmService } from './realm.service.js';
import { realmUserSchemas } from './realm-user.schema.js';
import { registerRealmUserRoutes } from './realm-users.routes.js';
import { RevokedSessions } from './revoked-sessions.js';
import { startSessionPurge } from './session-purge.js';
import { loadKeyRing, type KeyRing } from './signing-keys.js';
import { TokenIssuer } from './token-issuer.js';
import { TokenRequestSchema, TokenResponseSchema } from './token-request.js';
import { registerTokenRoutes } from './token.routes.js';
import { TokenService } from './token.service.js';

export interface Iam {
  verifier: JwtAccessTokenVerifier;
  tokens: TokenService;
  realms: RealmService;
  keys: () => KeyRing;
  /** Stops the background timers (revocation polling, session purge). */
  stop(): void;
}

/** Everything the token service needs at start: keys, operator realm, revocation list. Routes come separately. */
export async function startIam(db: Database, config: Config, log: FastifyInstance['log']): Promise<Iam> {
  const keys = await loadKeyRing(db);
  await bootstrapOperator(db, config, log);
  const revoked = new RevokedSessions(db, config.accessTokenTtl);
  await revoked.start(log);
  const issuer = new TokenIssuer(() => keys, config.publicBaseUrl, config.accessTokenTtl);
  const verifier = new JwtAccessTokenVerifier(keys, config.publicBaseUrl, revoked);
  const stopPurge = startSessionPurge(db, log);
  return {
    verifier,
    tokens: new TokenService(db, issuer, revoked, config),
    realms: new RealmService(db, revoked),
    keys: () => keys,
    stop() {
      revoked.stop();
      stopPurge();
    },
  };
}

/** `app` may parse form bodies (the token endpoints need them); the realm-user routes take JSON only. */
export function registerIamRoutes(app: FastifyInstance, iam: Iam, config: Config) {
  for (const schema of [TokenRequestSchema, TokenResponseSchema, ...realmUserSchemas]) app.addSchema(schema);
  registerTokenRoutes(app, { tokens: iam.tokens, realms: iam.realms, keys: iam.keys, config });
  void app.register(async (jsonOnly) => {
    jsonOnly.removeContentTypeParser('application/x-www-form-urlencoded');
    registerRealmUserRoutes(jsonOnly, iam.realms);
  });
}
