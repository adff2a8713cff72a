import type { Config } from '../../config.js';
import type { Principal } from '../../platform/auth/principal.js';
import { END_USER_SCOPES, narrowScopes } from '../../platform/auth/scopes.js';
import type { Clock } from '../../platform/clock.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { newId } from '../../platform/ids.js';
import { tokensIssued } from '../../platform/metrics/process-metrics.js';
import { markRedeemed, PKCE_VERIFIER, redeemCode } from './authorization-codes.js';
import type { ClientAuthenticator } from './client-authentication.js';
import * as repo from './iam.repository.js';
import { OPERATOR_REALM } from './jwt-access-token-verifier.js';
import type { RevokedSessions } from './revoked-sessions.js';
import {
  definedOnly,
  hashRefreshToken,
  newRefreshToken,
  type SessionClaims,
  type TokenIssuer,
} from './token-issuer.js';
import type { TokenRequest, TokenResponse } from './token-request.js';
import { type UserSignIn, userProfile } from './user-sign-in.js';

/**
 * `enduser:<customer>:<store>:<email>`, each part with `%` and `:` escaped, so that no two end users can share a
 * subject (and so sessions, or a reset) through a `:` inside a store id or an e-mail address.
 */
export function endUserSubject(customerId: string, storeId: string, email: string): string {
  const part = (value: string) => value.replace(/%/g, '%25').replace(/:/g, '%3A');
  return ['enduser', part(customerId), part(storeId), part(email.toLowerCase())].join(':');
}

/** Refusals are returned, not thrown, so that ending a session on reuse is committed. */
type RefreshOutcome =
  | { ok: false; error: string; revoked?: string }
  | { ok: true; session: repo.SessionRow; refreshToken: string; scopes: string[] };

function required(value: string | undefined, field: string): string {
  if (!value) throw new OAuthError(400, 'invalid_request', `${field} is required for this grant type`);
  return value;
}

/** Issues, refreshes and ends sessions (docs/product-decisions.md §2). */
export class TokenService {
  constructor(
    private readonly db: Database,
    private readonly issuer: TokenIssuer,
    private readonly revoked: RevokedSessions,
    private readonly clients: ClientAuthenticator,
    private readonly users: UserSignIn,
    private readonly config: Pick<Config, 'refreshTokenTtl'>,
    private readonly clock: Clock,
  ) {}

  /**
   * A token for the request's grant; counted by grant when issued (`iam_tokens_issued_total`). `clientAddress` is
   * the caller's (client-ip.ts): password attempts are throttled per username and address.
   */
  async grant(request: TokenRequest, clientAddress: string): Promise<TokenResponse> {
    const issued = await this.issue(request, clientAddress);
    tokensIssued.inc({ grant: request.grantType });
    return issued;
  }

  private issue(request: TokenRequest, clientAddress: string): Promise<TokenResponse> {
    switch (request.grantType) {
      case 'password':
        return this.passwordGrant(request, clientAddress);
      case 'client_credentials':
        return this.clientCredentialsGrant(request);
      case 'refresh_token':
        return this.refreshGrant(request);
      case 'authorization_code':
        return this.authorizationCodeGrant(request);
      case 'end_user_credentials':
        return this.endUserGrant(request);
      default:
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          `grant type "${request.grantType}" needs an identity provider, and none is configured`,
        );
    }
  }

  private authenticateClient(
    db: Queryable,
    request: TokenRequest,
  ): Promise<{ client: repo.ClientRow; realm: repo.RealmRow }> {
    const realm = required(request.realm, 'realmName');
    const clientSecret = required(request.clientSecret, 'clientSecret');
    return this.clients.authenticate(db, { realm, clientId: request.clientId ?? realm, clientSecret });
  }

  private async passwordGrant(request: TokenRequest, clientAddress: string): Promise<TokenResponse> {
    const { realm, user } = await this.users.verify({
      realm: required(request.realm, 'realmName'),
      username: required(request.username, 'username'),
      password: required(request.password, 'password'),
      clientAddress,
    });
    const granted = user.scopes.filter((s) => realm.scopes.includes(s));
    return this.openSession({
      realm,
      subject: user.id,
      clientId: realm.name,
      customerId: realm.customer_id,
      granted,
      requested: request.scope,
      profile: userProfile(user),
      refresh: true,
      idToken: true,
    });
  }

  /**
   * RFC 6749 §4.1.3 with PKCE (RFC 7636): the code, its client, its redirect URI and the verifier of its challenge.
   * A public client proves nothing else; a confidential one also authenticates. The code is redeemed in the
   * transaction that opens the session, so it opens one session at most; presented again, it ends that session.
   */
  private async authorizationCodeGrant(request: TokenRequest): Promise<TokenResponse> {
    const code = required(request.code, 'code');
    const verifier = required(request.codeVerifier, 'code_verifier');
    if (!PKCE_VERIFIER.test(verifier))
      throw new OAuthError(
        400,
        'invalid_request',
        'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~" (RFC 7636 §4.1)',
      );
    const check = {
      clientId: required(request.clientId, 'client_id'),
      redirectUri: required(request.redirectUri, 'redirect_uri'),
      verifier,
    };
    let ended: string | undefined;
    const issued = await this.db.transaction<{ error: string } | { response: TokenResponse }>(async (tx) => {
      const redemption = await redeemCode(tx, code, check, this.clock.now());
      if (!redemption.ok) {
        if (redemption.endSession)
          ended =
            (await repo.revokeSession(tx, redemption.endSession, 'authorization code reuse')).length > 0
              ? redemption.endSession
              : undefined;
        return { error: redemption.error };
      }
      const { row } = redemption;
      const client = await repo.findClient(tx, row.realm, row.client_id);
      if (client && !client.public)
        await this.clients.authenticate(tx, {
          realm: row.realm,
          clientId: row.client_id,
          clientSecret: required(request.clientSecret, 'client_secret'),
        });
      const realm = await repo.findRealm(tx, row.realm);
      const user = realm && (await repo.findUser(tx, row.user_id));
      if (!realm || !user) return { error: 'the user of this authorization code no longer exists' };
      const granted = row.scopes.filter((scope) => user.scopes.includes(scope) && realm.scopes.includes(scope));
      const response = await this.openSession({
        realm,
        subject: user.id,
        clientId: row.client_id,
        customerId: realm.customer_id,
        granted,
        requested: undefined,
        profile: userProfile(user),
        refresh: true,
        idToken: true,
        nonce: row.nonce ?? undefined,
        tx,
      });
      await markRedeemed(tx, code, response.session_state);
      return { response };
    });
    if (ended) this.revoked.add([ended]);
    if ('error' in issued) throw new OAuthError(400, 'invalid_grant', issued.error);
    return issued.response;
  }

  private async clientCredentialsGrant(request: TokenRequest): Promise<TokenResponse> {
    const { client, realm } = await this.authenticateClient(this.db, request);
    const granted = client.scopes.filter((s) => realm.scopes.includes(s));
    // RFC 6749 §4.4.3: no refresh token for client credentials; the client simply asks again.
    return this.openSession({
      realm,
      subject: `client:${client.client_id}`,
      clientId: client.client_id,
      customerId: realm.customer_id,
      granted,
      requested: request.scope,
      refresh: false,
      idToken: false,
    });
  }

  private async endUserGrant(request: TokenRequest): Promise<TokenResponse> {
    const { client, realm } = await this.authenticateClient(this.db, request);
    const customerId = required(request.customerId, 'customerId');
    const storeId = required(request.storeId, 'storeId');
    const email = required(request.email, 'email');
    if (realm.name !== OPERATOR_REALM && realm.customer_id !== customerId) {
      throw new OAuthError(
        400,
        'invalid_request',
        `the client of realm ${realm.name} may not issue tokens for customer ${customerId}`,
      );
    }
    const profile = { email, storeId, given_name: request.firstName, family_name: request.lastName };
    return this.openSession({
      realm,
      subject: endUserSubject(customerId, storeId, email),
      clientId: client.client_id,
      customerId,
      granted: [...END_USER_SCOPES],
      requested: request.scope,
      profile,
      refresh: true,
      idToken: false,
    });
  }

  /** RFC 6749 §3.3: the requested scope narrows what is granted; a request that leaves nothing is `invalid_scope`. */
  private narrow(granted: readonly string[], requested: string | undefined): string[] {
    const scopes = narrowScopes(granted, requested);
    if (requested?.trim() && scopes.length === 0)
      throw new OAuthError(
        400,
        'invalid_scope',
        `none of the requested scopes "${requested}" is granted to this client`,
      );
    return scopes;
  }

  private async openSession(input: {
    realm: repo.RealmRow;
    subject: string;
    clientId: string;
    customerId: string | null;
    granted: string[];
    requested: string | undefined;
    profile?: Record<string, string | undefined>;
    refresh: boolean;
    idToken: boolean;
    /** The authorization request's nonce, for the id token (OpenID Connect Core §3.1.2.1). */
    nonce?: string;
    /** Written in this transaction (a code's redemption) instead of one of its own. */
    tx?: Queryable;
  }): Promise<TokenResponse> {
    const scopes = this.narrow(input.granted, input.requested);
    const claims: SessionClaims = {
      sessionId: newId(),
      realm: input.realm.name,
      subject: input.subject,
      clientId: input.clientId,
      customerId: input.customerId,
      scopes,
      profile: input.profile,
    };
    const expiresAt = new Date(
      this.clock.now().getTime() + (input.refresh ? this.config.refreshTokenTtl : this.issuer.accessTokenTtl) * 1000,
    );
    const refresh = input.refresh ? newRefreshToken() : undefined;
    const write = async (tx: Queryable) => {
      await repo.insertSession(tx, {
        id: claims.sessionId,
        realm: claims.realm,
        subject: claims.subject,
        client_id: claims.clientId,
        customer_id: claims.customerId,
        scopes,
        profile: definedOnly(input.profile),
        expires_at: expiresAt,
      });
      if (refresh) await repo.insertRefreshToken(tx, refresh.hash, claims.sessionId);
    };
    if (input.tx) await write(input.tx);
    else await this.db.transaction(write);
    return this.tokenResponse(claims, refresh?.token, input.idToken, input.nonce);
  }

  private async tokenResponse(
    claims: SessionClaims,
    refreshToken: string | undefined,
    withIdToken: boolean,
    nonce?: string,
  ): Promise<TokenResponse> {
    return {
      access_token: await this.issuer.accessToken(claims),
      expires_in: this.issuer.accessTokenTtl,
      refresh_expires_in: refreshToken ? this.config.refreshTokenTtl : 0,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      token_type: 'Bearer',
      ...(withIdToken ? { id_token: await this.issuer.idToken(claims, nonce) } : {}),
      'not-before-policy': 0,
      session_state: claims.sessionId,
      scope: claims.scopes.join(' '),
    };
  }

  /**
   * Without the client secret: a new access token and the same refresh token. With it, or for a public client (the
   * console): the refresh token rotates too. A rotated token presented again means it leaked: the whole session ends.
   */
  private async refreshGrant(request: TokenRequest): Promise<TokenResponse> {
    const presented = required(request.refreshToken, 'refreshToken');
    const hash = hashRefreshToken(presented);
    const outcome = await this.db.transaction<RefreshOutcome>(async (tx) => {
      const stored = await repo.findRefreshToken(tx, hash);
      if (!stored) return { ok: false, error: 'the refresh token is not valid' };
      const session = await repo.findSession(tx, stored.session_id, true);
      if (!session || session.revoked_at) return { ok: false, error: 'the session of this refresh token has ended' };
      // A realm taken from the client id alone (`console`, which every realm has) names no realm to compare.
      const realmNamed =
        request.realm && !(request.realm === request.clientId && request.clientId === session.client_id);
      if (realmNamed && request.realm !== session.realm)
        return { ok: false, error: 'the refresh token belongs to another realm' };
      if (stored.state !== 'active') {
        await repo.revokeSession(tx, session.id, 'refresh token reuse');
        return {
          ok: false,
          error: 'the refresh token was already used; the session has been ended',
          revoked: session.id,
        };
      }
      if (session.expires_at.getTime() <= this.clock.now().getTime())
        return { ok: false, error: 'the session has expired' };
      // Checked before anything is written: a refused scope must not rotate (and so lose) the refresh token.
      const scopes = this.narrow(session.scopes, request.scope);
      let refreshToken = presented;
      const client = await repo.findClient(tx, session.realm, session.client_id);
      if (request.clientId && request.clientId !== session.client_id && client?.public)
        return { ok: false, error: 'the refresh token was issued to another client' };
      if (request.clientSecret)
        await this.authenticateClient(tx, { ...request, realm: session.realm, clientId: session.client_id });
      // A public client's refresh token rotates on every use (RFC 9700 §2.2.2): a stolen one shows when used twice.
      if (request.clientSecret || client?.public) {
        const next = newRefreshToken();
        await repo.markRefreshTokenUsed(tx, hash);
        await repo.insertRefreshToken(tx, next.hash, session.id);
        refreshToken = next.token;
      }
      await repo.extendSession(
        tx,
        session.id,
        new Date(this.clock.now().getTime() + this.config.refreshTokenTtl * 1000),
      );
      return { ok: true, session, refreshToken, scopes };
    });
    if (!outcome.ok) {
      if (outcome.revoked) this.revoked.add([outcome.revoked]);
      throw new OAuthError(400, 'invalid_grant', outcome.error);
    }
    const { session, refreshToken, scopes } = outcome;
    const claims: SessionClaims = {
      sessionId: session.id,
      realm: session.realm,
      subject: session.subject,
      clientId: session.client_id,
      customerId: session.customer_id,
      scopes,
      profile: session.profile,
    };
    return this.tokenResponse(claims, refreshToken, false);
  }

  /** A session ends now, on every instance within a second (an end-session request naming it by its id token). */
  async endSession(sessionId: string, reason: string): Promise<void> {
    await repo.revokeSession(this.db, sessionId, reason);
    this.revoked.add([sessionId]);
  }

  /** Logout: the bearer's session ends now; its access and refresh tokens stop working. */
  async invalidate(principal: Principal): Promise<void> {
    await repo.revokeSession(this.db, principal.sessionId, 'logout');
    this.revoked.add([principal.sessionId]);
  }

  /** Ends every session of the bearer's subject. */
  async reset(principal: Principal): Promise<void> {
    const ended = await repo.revokeSubjectSessions(this.db, principal.realm, principal.subject, 'reset');
    this.revoked.add([...ended, principal.sessionId]);
  }
}
