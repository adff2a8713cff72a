import type { AuthorizeDeps } from './authorize.routes.js';
import type { IssuedTokens } from './issued-tokens.js';
import type { JwtAccessTokenVerifier } from './jwt-access-token-verifier.js';
import type { RealmService } from './realm.service.js';
import type { KeyRing } from './signing-keys.js';
import type { TokenService } from './token.service.js';

/**
 * What the IAM module shares with the APIs started after it (their `ApiContext.iam`). Apart from the module, so that
 * the module may import the module types that name it without a cycle.
 */
export interface Iam {
  verifier: JwtAccessTokenVerifier;
  tokens: TokenService;
  /** Revocation and introspection. */
  issued: IssuedTokens;
  realms: RealmService;
  keys: () => KeyRing;
  /** What the browser sign-in (authorization endpoint, end session) works with. */
  browser: Omit<AuthorizeDeps, 'hooks'>;
}
