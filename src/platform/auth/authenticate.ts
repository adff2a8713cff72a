import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors/domain-errors.js';
import type { AccessTokenVerifier } from './access-token-verifier.js';
import type { Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a route requires. Every route declares either `scope` or `public: true`. */
    scope?: string;
    public?: boolean;
    /** Any valid token will do (logout, session reset). */
    anyToken?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The token of `Authorization: Bearer <token>`, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The authenticated principal of a route that declared a scope. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

/**
 * One hook enforces what each route declares: `public` routes are open, all others need a valid bearer token
 * holding the declared scope. A route that declares neither is refused, so a forgotten declaration fails closed.
 */
export function registerAuthentication(app: FastifyInstance, verifier: AccessTokenVerifier) {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public || request.is404) return;
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError('this operation requires a bearer token in the Authorization header');
    const principal = await verifier.verify(token);
    request.principal = principal;
    if (config?.anyToken) return;
    if (!config?.scope) throw new ForbiddenError('this operation is not open to tokens');
    if (!principal.scopes.has(config.scope))
      throw new ForbiddenError(`this operation requires the scope ${config.scope}`);
  });
}
