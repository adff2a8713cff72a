import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { JwtAccessTokenVerifier } from './jwt-access-token-verifier.js';
import { bootstrapOperator } from './operator-bootstrap.js';
import { RealmService } from './realm.service.js';
import { registerRealmUserRoutes } from './realm-users.routes.js';
import { RevokedSessions } from './revoked-sessions.js';
import { loadKeyRing, type KeyRing } from './signing-keys.js';
import { TokenIssuer } from './token-issuer.js';
import { TokenRequestSchema, TokenResponseSchema } from './token-request.js';
import { registerTokenRoutes } from './token.routes.js';
import { TokenService } from './token.service.js';

export interface Iam {
  verifier: JwtAccessTokenVerifier;
  tokens: TokenService;
  realms: RealmService;
  revoked: RevokedSessions;
  keys: () => KeyRing;
}

/** Everything the token service needs at start: keys, operator realm, revocation list. Routes come separately. */
export async function startIam(db: Database, config: Config, log: FastifyInstance['log']): Promise<Iam> {
  const keys = await loadKeyRing(db);
  await bootstrapOperator(db, config, log);
  const revoked = new RevokedSessions(db, config.accessTokenTtl);
  await revoked.start();
  const issuer = new TokenIssuer(() => keys, config.publicBaseUrl, config.accessTokenTtl);
  const verifier = new JwtAccessTokenVerifier(keys, config.publicBaseUrl, revoked);
  return {
    verifier,
    tokens: new TokenService(db, issuer, revoked, config),
    realms: new RealmService(db, revoked),
    revoked,
    keys: () => keys,
  };
}

export function registerIamRoutes(app: FastifyInstance, iam: Iam, config: Config) {
  app.addSchema(TokenRequestSchema);
  app.addSchema(TokenResponseSchema);
  registerTokenRoutes(app, { tokens: iam.tokens, keys: iam.keys, config });
  registerRealmUserRoutes(app, iam.realms);
}
