import type { BlockList } from 'node:net';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { narrowScopes } from '../../platform/auth/scopes.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import {
  DomainError,
  NotFoundError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { bodyByMediaType } from '../../platform/http/media-type-body.js';
import { isStorableText, unstorableField } from '../../platform/resource/documents.js';
import { CODE_TTL_SECONDS, issueCode, type PendingAuthorization } from './authorization-codes.js';
import {
  type AuthorizationRequests,
  AuthorizeQuerySchema,
  newCsrfValue,
  pendingAuthorization,
  RedirectableError,
  redirectWith,
  unregisteredClient,
} from './authorization-request.js';
import * as repo from './iam.repository.js';
import { RealmParamsSchema } from './realm-user.schema.js';
import { messagePage, signInPage } from './sign-in-page.js';
import type { TokenService } from './token.service.js';
import { PUBLIC_BODY_LIMIT, type TokenEndpointHooks } from './token-endpoint-hooks.js';
import { issuerOf } from './token-issuer.js';
import type { UserSignIn } from './user-sign-in.js';

const TAG = 'Tokens (IAM)';
const CSRF_COOKIE = 'iam_csrf';

const SignInFormSchema = Type.Object(
  {
    request: Type.String({ maxLength: 8192, description: 'the pending authorization request, as the page carries it' }),
    csrf: Type.String({ maxLength: 64 }),
    username: Type.String({ maxLength: 255 }),
    password: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

const LogoutQuerySchema = Type.Object(
  {
    id_token_hint: Type.Optional(
      Type.String({
        maxLength: 8192,
        description: 'the id token the client holds (expired ones too): its session ends',
      }),
    ),
    post_logout_redirect_uri: Type.Optional(
      Type.String({ maxLength: 2048, description: 'one of the client’s registered post-logout URIs' }),
    ),
    client_id: Type.Optional(Type.String({ maxLength: 255 })),
    state: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: true, description: 'unknown parameters are ignored' },
);

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
/** A page, or the platform's JSON error when the request never reached the route (a path the router refuses). */
const htmlOrJson = (status: number, description: string) => ({
  description,
  content: {
    'text/html': { schema: { type: 'string' } },
    'application/json': { schema: errorResponses('simple', [status])[status] },
  },
});
/** What the browser flow's pages answer for requests its routes refuse before their handler (body, size, time). */
const refusedPages = {
  408: html('the form did not arrive in time'),
  413: html('the form is too large'),
  415: html('not a form'),
};
const redirect = (description: string) => ({
  description,
  headers: { Location: { type: 'string', description: 'where the browser goes next' } },
  type: 'null',
});

export interface AuthorizeDeps {
  db: Database;
  users: UserSignIn;
  tokens: TokenService;
  requests: AuthorizationRequests;
  hooks: TokenEndpointHooks;
  publicBaseUrl: string;
  /** Whose `X-Real-Ip` names the client address the sign-in throttle counts by. */
  trustedProxies: BlockList;
  clock: Clock;
}

/** The browser flow's errors are pages, not JSON: a person reads them. Server faults go on to the JSON handler. */
async function pageForError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error instanceof DomainError ? error.status : (error.statusCode ?? 500);
  if (status >= 500) throw error;
  const message = error.validation
    ? 'This request is not one the sign-in page sent. Go back to the application and sign in again.'
    : error.message;
  if (error instanceof DomainError)
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(status).send(await messagePage(reply, 'Cannot sign in', message, true));
}

function csrfCookie(reply: FastifyReply, realm: string, value: string, secure: boolean): void {
  const path = `/iam/realms/${encodeURIComponent(realm)}/authorize`;
  reply.header(
    'set-cookie',
    serializeCookie(CSRF_COOKIE, value, { path, httpOnly: true, sameSite: 'strict', secure, maxAge: 600 }),
  );
}

/**
 * A form posted from another site: its `Origin` (or `Sec-Fetch-Site`) says so when the browser sends one. An `Origin`
 * that is no URL (`garbage`, `http://[`) names no site of ours: it is refused as cross-site (403), not a fault.
 */
function crossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  return !URL.canParse(origin) || new URL(origin).host !== request.host;
}

export function registerAuthorizeRoutes(untyped: FastifyInstance, deps: AuthorizeDeps) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const secure = deps.publicBaseUrl.startsWith('https:');

  /** A name PostgreSQL cannot hold (NUL, an unpaired surrogate) names no realm: 404, not a database error. */
  async function findRealm(name: string): Promise<repo.RealmRow> {
    const realm = isStorableText(name) ? await repo.findRealm(deps.db, name) : undefined;
    if (!realm) throw new NotFoundError('realm', name);
    return realm;
  }

  async function renderSignIn(
    reply: FastifyReply,
    pending: PendingAuthorization,
    extra: { username?: string; error?: string } = {},
  ) {
    const csrf = newCsrfValue();
    csrfCookie(reply, pending.realm, csrf, secure);
    return signInPage(reply, {
      realm: pending.realm,
      client: pending.clientId,
      request: await deps.requests.seal(pending, csrf),
      csrf,
      redirectUri: pending.redirectUri,
      ...extra,
    });
  }

  app.get('/iam/realms/:realm/authorize', {
    config: { public: true },
    errorHandler: pageForError,
    schema: {
      operationId: 'authorize',
      tags: [TAG],
      summary: 'Authorization endpoint: the sign-in page of a realm (authorization code with PKCE S256)',
      description:
        'RFC 6749 §4.1 with PKCE (RFC 7636, S256 only) for public clients such as the console. A client or redirect URI the realm has not registered (exact match) is refused on the page itself; any other problem is sent to the redirect URI as `error` with `state`. Otherwise the page asks for the username and password; see `authorizeSignIn`.',
      params: RealmParamsSchema,
      querystring: AuthorizeQuerySchema,
      response: {
        200: html('the sign-in page'),
        303: redirect('an error for the client, at its redirect URI (`error`, `error_description`, `state`, `iss`)'),
        400: html('a client or redirect URI that is not registered, or a parameter too long'),
        404: htmlOrJson(404, 'no such realm'),
      },
    },
    handler: async (request, reply) => {
      const { realm: realmName } = request.params;
      const { query } = request;
      const realm = await findRealm(realmName);
      const unreadable = unstorableField(query, 'query');
      if (unreadable)
        throw new ValidationError(`This sign-in link is not valid: ${unreadable} holds a character no text can keep.`);
      const client = query.client_id ? await repo.findClient(deps.db, realm.name, query.client_id) : undefined;
      const unregistered = unregisteredClient(query, client);
      if (unregistered)
        return reply
          .code(400)
          .send(await messagePage(reply, 'Cannot sign in', `This sign-in link is not valid: ${unregistered}.`, true));
      try {
        return await renderSignIn(reply, pendingAuthorization(query, realm, client!));
      } catch (error) {
        if (!(error instanceof RedirectableError)) throw error;
        return reply.redirect(
          redirectWith(query.redirect_uri!, {
            error: error.code,
            error_description: error.message,
            state: query.state,
            iss: issuerOf(deps.publicBaseUrl, realm.name),
          }),
          303,
        );
      }
    },
  });

  app.post('/iam/realms/:realm/authorize', {
    config: { public: true },
    onRequest: [deps.hooks.rateLimit],
    bodyLimit: PUBLIC_BODY_LIMIT,
    errorHandler: pageForError,
    // Only the page's form is taken: a JSON body (or none) never reaches the handler.
    preValidation: async (request) => {
      if (
        !/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '') ||
        typeof request.body !== 'object' ||
        request.body === null
      ) {
        throw new UnsupportedMediaTypeError('the sign-in form (application/x-www-form-urlencoded)');
      }
    },
    schema: {
      operationId: 'authorizeSignIn',
      tags: [TAG],
      summary: 'The sign-in form: on success, back to the client with a code',
      description:
        'Posted by the sign-in page only (a CSRF value bound to a cookie, a signed request valid 10 minutes, no cross-site form). Wrong credentials show the page again (401), the same for a username that does not exist; once throttled (too many failed sign-ins of the username from this address, or from this address), the page says how long to wait (429 with `Retry-After`), as on the token endpoint, whose rate limit and throttle this shares. Success redirects (303) to the registered redirect URI with `code` (single use, valid 60 s), `state` and `iss`.',
      params: RealmParamsSchema,
      body: bodyByMediaType({ 'application/x-www-form-urlencoded': SignInFormSchema }),
      response: {
        303: redirect('signed in: the redirect URI with `code`, `state` and `iss`'),
        400: html('the page expired or was not sent by this service'),
        401: html('the page again, saying the credentials were wrong'),
        403: html('a form posted from another site'),
        404: htmlOrJson(404, 'no such realm'),
        429: htmlOrJson(
          429,
          'too many attempts: the throttle (a page, with `Retry-After`), or this address sent too many requests',
        ),
        ...refusedPages,
        // Success is a redirect, never a 2xx: the other answers are the platform's JSON errors.
        default: {
          description: 'any status not listed: the platform’s error',
          content: { 'application/json': { schema: errorResponses('simple', [500])[500] } },
        },
      },
    },
    handler: async (request, reply) => {
      const { name: realm } = await findRealm(request.params.realm);
      const form = request.body;
      if (crossSite(request))
        return reply
          .code(403)
          .send(
            await messagePage(
              reply,
              'Cannot sign in',
              'This form was sent from another site. Open the application and sign in from there.',
              true,
            ),
          );
      const cookie = parseCookies(request.headers.cookie ?? '')[CSRF_COOKIE];
      const pending =
        cookie && cookie === form.csrf ? await deps.requests.open(form.request, realm, cookie) : undefined;
      if (!pending)
        return reply
          .code(400)
          .send(
            await messagePage(
              reply,
              'Cannot sign in',
              'This sign-in page has expired or was not opened in this browser. Go back to the application and sign in again.',
              true,
            ),
          );
      let signedIn: Awaited<ReturnType<UserSignIn['verify']>>;
      try {
        signedIn = await deps.users.verify({
          realm,
          username: form.username,
          password: form.password,
          clientAddress: clientIp(request, deps.trustedProxies),
        });
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error;
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        const message = error.status === 429 ? error.message : 'The username or password is not right.';
        return reply
          .code(error.status === 429 ? 429 : 401)
          .send(await renderSignIn(reply, pending, { username: form.username, error: message }));
      }
      const { realm: found, user } = signedIn;
      const client = await repo.findClient(deps.db, found.name, pending.clientId);
      const granted = narrowScopes(
        user.scopes.filter((scope) => found.scopes.includes(scope) && (client?.scopes ?? []).includes(scope)),
        pending.scope,
      );
      const iss = issuerOf(deps.publicBaseUrl, found.name);
      if (!client)
        return reply.redirect(
          redirectWith(pending.redirectUri, { error: 'unauthorized_client', state: pending.state, iss }),
          303,
        );
      const code = await issueCode(
        deps.db,
        pending,
        user.id,
        granted,
        new Date(deps.clock.now().getTime() + CODE_TTL_SECONDS * 1000),
      );
      reply.header(
        'set-cookie',
        serializeCookie(CSRF_COOKIE, '', { path: `/iam/realms/${encodeURIComponent(realm)}/authorize`, maxAge: 0 }),
      );
      return reply.redirect(redirectWith(pending.redirectUri, { code, state: pending.state, iss }), 303);
    },
  });

  app.get('/iam/realms/:realm/logout', {
    config: { public: true },
    errorHandler: pageForError,
    schema: {
      operationId: 'endSession',
      tags: [TAG],
      summary: 'End session (OpenID Connect RP-initiated logout)',
      description:
        'Ends the session of `id_token_hint` (an id token of this realm; expired ones are accepted), then redirects to `post_logout_redirect_uri` with `state` when it is registered for the token’s client, else shows that the user is signed out. Without a hint nothing is ended (this service keeps no browser session of its own).',
      params: RealmParamsSchema,
      querystring: LogoutQuerySchema,
      response: {
        200: html('signed out'),
        303: redirect('signed out: back to the client'),
        400: html('a parameter too long'),
        404: htmlOrJson(404, 'no such realm'),
      },
    },
    handler: async (request, reply) => {
      const { realm: realmName } = request.params;
      const { query } = request;
      const realm = await findRealm(realmName);
      if (unstorableField(query, 'query')) throw new ValidationError('This sign-out link is not valid.');
      const claims = query.id_token_hint
        ? await deps.requests.idTokenClaims(query.id_token_hint, realm.name)
        : undefined;
      if (claims?.sid) await deps.tokens.endSession(claims.sid, 'end session');
      const clientId = query.client_id ?? claims?.azp ?? (Array.isArray(claims?.aud) ? claims.aud[0] : claims?.aud);
      const client = clientId ? await repo.findClient(deps.db, realm.name, clientId) : undefined;
      const target = query.post_logout_redirect_uri;
      if (target && client?.post_logout_redirect_uris.includes(target) && claims)
        return reply.redirect(redirectWith(target, { state: query.state }), 303);
      return messagePage(
        reply,
        'Signed out',
        claims
          ? 'You are signed out. You may close this page.'
          : 'Nothing to sign out from: open the application and sign out there.',
      );
    },
  });
}
