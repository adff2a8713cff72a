import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { randomWideText } from '../support/random-text.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { claimsOf, createUser, expectOAuthError, type Json, tokenRequest, userLogin } from './iam-kit.js';

/**
 * docs/decisions.md#an-end-users-session-subject-and-token-request-fields: token requests and realm users are
 * bounded so that what they store — a user (indexed by realm and username), a session (indexed by realm and subject,
 * which holds an end user's customer, store and e-mail) — always fits its index, even in four-byte characters.
 */
const { t, operator } = await useApp({ operator: true });

const endUser = (extra: Json) => ({
  grantType: 'end_user_credentials',
  realmName: 'operator',
  clientSecret: OPERATOR_SECRET,
  customerId: 'c',
  storeId: 's',
  email: 'a@b.c',
  ...extra,
});

describe('POST /iam/tokens, end_user_credentials at the limits', () => {
  it('opens, refreshes and ends a session whose subject holds the longest customer, store and e-mail', async () => {
    const identity = { customerId: randomWideText(128), storeId: randomWideText(128), email: randomWideText(254) };
    const first = await tokenRequest(t, endUser(identity));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const body = first.body as Json;
    expect(claimsOf(body.access_token)).toMatchObject({ customerId: identity.customerId, storeId: identity.storeId });
    const refreshed = await tokenRequest(t, {
      grantType: 'refresh_token',
      realmName: 'operator',
      refreshToken: body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const reset = await t.request('DELETE', '/iam/tokens/reset', (refreshed.body as Json).access_token);
    expect(reset.status).toBe(204);
  });

  it.each([
    ['customerId', { customerId: randomWideText(129) }, 'body.customerId must be at most 128 characters'],
    ['storeId', { storeId: randomWideText(129) }, 'body.storeId must be at most 128 characters'],
    ['email', { email: randomWideText(255) }, 'body.email must be at most 254 characters'],
    ['firstName', { firstName: 'f'.repeat(151) }, 'body.firstName must be at most 150 characters'],
    ['realmName', { realmName: randomWideText(256) }, 'body.realmName must be at most 255 characters'],
    ['clientSecret', { clientSecret: 's'.repeat(1025) }, 'body.clientSecret must be at most 1024 characters'],
    ['scope', { scope: 's'.repeat(1001) }, 'body.scope must be at most 1000 characters'],
  ])('answers 400 invalid_request naming %s when it is longer than its limit', async (_field, extra, message) => {
    const res = await tokenRequest(t, endUser(extra));
    expectOAuthError(res, 400, 'invalid_request');
    expect((res.body as Json).message).toBe(message);
  });
});

describe('token requests with over-long credentials', () => {
  it('answer 400 invalid_request naming the field, in bodies and query parameters alike', async () => {
    const username = await tokenRequest(t, { realmName: 'operator', username: randomWideText(256), password: 'x' });
    expectOAuthError(username, 400, 'invalid_request');
    expect((username.body as Json).message).toBe('body.username must be at most 255 characters');
    const password = await tokenRequest(t, { realmName: 'operator', username: 'admin', password: 'p'.repeat(1025) });
    expect((password.body as Json).message).toBe('body.password must be at most 1024 characters');
    const query = await t.inject({
      method: 'POST',
      url: `/iam/tokens/oauth?grant_type=client_credentials&client_id=operator&client_secret=${'s'.repeat(1025)}`,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      error: 'invalid_request',
      message: 'querystring.client_secret must be at most 1024 characters',
    });
  });
});

describe('POST /iam/realms/{realm}/users at the limits', () => {
  it('creates a user whose username and names are as long as allowed, in four-byte characters, who can log in', async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, operator, {
      username: randomWideText(150),
      firstName: randomWideText(150),
      lastName: randomWideText(150),
      email: `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.example`.slice(0, 254),
    });
    const login = await userLogin(t, tenant.realm, user);
    expect(claimsOf(login.access_token).preferred_username).toBe(user.username);
  });

  it.each([
    ['username', { username: randomWideText(151) }, 'body.username must be at most 150 characters'],
    ['password', { password: 'p'.repeat(1025) }, 'body.password must be at most 1024 characters'],
    ['email', { email: `${'e'.repeat(64)}@${'d'.repeat(186)}.com` }, 'body.email must be at most 254 characters'],
    ['scope', { scope: `terms:read ${'s'.repeat(1000)}` }, 'body.scope must be at most 1000 characters'],
  ])('answers 400 naming %s when it is longer than its limit', async (_field, overrides, message) => {
    const tenant = await t.tenant();
    const res = await t.request('POST', `/iam/realms/${tenant.realm}/users`, operator, {
      username: 'someone',
      password: 'long-enough-password',
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toBe(message);
  });
});
