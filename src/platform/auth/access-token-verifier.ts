import type { Principal } from './principal.js';

/** Turns a bearer token into a principal, or throws UnauthorizedError. The IAM module provides it. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<Principal>;
}
