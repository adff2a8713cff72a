import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { OutboundClient } from '../../platform/outbound/outbound-client.js';
import { OutboundError } from '../../platform/outbound/outbound-errors.js';
import type { HttpClientConfiguration } from './notification-receiver.schema.js';
import { readAtMost, TRY_TIMEOUT_MS } from './webhook-sender.js';

export type OAuthConfig = NonNullable<HttpClientConfiguration['clientCredentialOauth2Config']>;

/** A token is renewed this long before it expires, so it never runs out in the middle of a try. */
const RENEW_BEFORE_MS = 30_000;
/** A token answer without `expires_in` is kept this long. */
const MAX_LIFETIME_S = 86_400;
const DEFAULT_LIFETIME_S = 300;
/** Distinct receiver configurations whose tokens are kept. */
const MAX_CACHED_TOKENS = 1000;
/** Token answers are small; more than this is not read. */
const TOKEN_ANSWER_MAX_BYTES = 64 * 1024;

/** Why a token could not be had: recorded on the notification as the try's error. */
export class TokenError extends Error {}

/**
 * OAuth2 client-credentials tokens for receivers (RFC 6749 §4.4), fetched from the receiver's `tokenUrl` through the
 * outbound client (the address rules apply to the token call too) with HTTP Basic client authentication, and cached
 * until shortly before they expire.
 */
export class OAuthTokens {
  private readonly cache = new Map<string, { token: string; expiresAt: number }>();
  /** Token requests under way: tries delivered together for one receiver share one request. */
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly clock: Clock,
    private readonly client: () => OutboundClient,
  ) {}

  private keyOf(config: OAuthConfig): string {
    return createHash('sha256')
      .update(JSON.stringify([config.tokenUrl, config.clientId, config.clientSecret, config.scopes ?? []]))
      .digest('hex');
  }

  /** A valid token for `config`, from the cache or the token endpoint. */
  async token(config: OAuthConfig): Promise<string> {
    const key = this.keyOf(config);
    const cached = this.cache.get(key);
    const now = this.clock.now().getTime();
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > now) return cached.token;
    let request = this.pending.get(key);
    if (!request) {
      request = this.fetch(config)
        .then(({ token, lifetimeSeconds }) => {
          // Bounded: configurations that changed leave entries behind, the oldest go first.
          if (this.cache.size >= MAX_CACHED_TOKENS) this.cache.delete(this.cache.keys().next().value!);
          this.cache.set(key, { token, expiresAt: now + lifetimeSeconds * 1000 });
          return token;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    }
    return request;
  }

  /** The receiver refused the token (401): the next try fetches a new one. */
  forget(config: OAuthConfig): void {
    this.cache.delete(this.keyOf(config));
  }

  private async fetch(config: OAuthConfig): Promise<{ token: string; lifetimeSeconds: number }> {
    const tokenUrl = config.tokenUrl!;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (config.scopes?.length) form.set('scope', config.scopes.join(' '));
    const basic = Buffer.from(
      `${encodeURIComponent(config.clientId ?? '')}:${encodeURIComponent(config.clientSecret ?? '')}`,
    ).toString('base64');
    let status: number;
    let text: string;
    try {
      const response = await this.client().request(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${basic}`,
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TRY_TIMEOUT_MS),
        idleTimeoutMs: TRY_TIMEOUT_MS,
      });
      status = response.status;
      text = (await readAtMost(response.body, TOKEN_ANSWER_MAX_BYTES)).toString('utf8');
    } catch (error) {
      if (error instanceof OutboundError) throw new TokenError(`the OAuth token request failed: ${error.message}`);
      // Reading the answer fails outside the outbound client (a body timeout, the abort): still the receiver's side.
      throw new TokenError(`the OAuth token answer could not be read: ${(error as Error).message}`);
    }
    if (status < 200 || status >= 300) throw new TokenError(`the OAuth token endpoint answered ${status}`);
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new TokenError('the OAuth token endpoint did not answer JSON');
    }
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new TokenError('the OAuth token answer has no access_token');
    // A token is cached at most a day, whatever lifetime the endpoint claims (an absurd one would pin it for ever).
    const lifetime =
      typeof body.expires_in === 'number' && body.expires_in > 0
        ? Math.min(body.expires_in, MAX_LIFETIME_S)
        : DEFAULT_LIFETIME_S;
    return { token: body.access_token, lifetimeSeconds: lifetime };
  }
}
