import { createPublicKey } from 'node:crypto';
import { decodeProtectedHeader, exportSPKI, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  adminLogin,
  b64url,
  claimsOf,
  expectSimpleError,
  type Json,
  signWithPlatformKey,
  termsStatus,
} from './iam-kit.js';

/** How protected routes treat bearer tokens: forged, expired, revoked, or short of a scope. */
const { t, operator } = await useApp({ operator: true });

async function currentKid(): Promise<string> {
  const jwks = (await t.request('GET', '/iam/jwks', undefined)).body as { keys: Json[] };
  return jwks.keys[0]!.kid as string;
}

/** The claims of a genuine, fresh operator token, to forge variants from. */
const genuineClaims = () => claimsOf(operator);

async function expect401(token: string) {
  const res = await t.request('GET', '/terms', token);
  expectSimpleError(res, 401, '/terms');
  expect(res.body).toMatchObject({ error: 'Unauthorized' });
  // RFC 6750 §3.1: a token sent and refused gets a challenge naming invalid_token and why; none sent, the bare one.
  expect(res.headers['www-authenticate']).toMatch(
    token ? /^Bearer error="invalid_token", error_description="[^"]+"$/ : /^Bearer$/,
  );
  return res.body as Json;
}

describe('protected routes and bearer tokens', () => {
  it('answer 401 in the simple error shape without a token, or with another scheme', async () => {
    await expect401('');
    const basic = await t.request('GET', '/terms', undefined, undefined, { authorization: 'Basic b3BlcmF0b3I6eA==' });
    expectSimpleError(basic, 401, '/terms');
  });

  it('accept a genuine token, also with a lower-case "bearer" scheme', async () => {
    expect(await termsStatus(t, operator)).toBe(200);
    const res = await t.request('GET', '/terms', undefined, undefined, { authorization: `bearer ${operator}` });
    expect(res.status).toBe(200);
  });

  it('refuse a token whose payload was altered after signing', async () => {
    const [header, payload, signature] = operator.split('.');
    const widened = b64url({ ...genuineClaims(), sub: 'someone-else' });
    await expect401(`${header}.${widened}.${signature}`);
    // One flipped character of the encoded payload.
    const flipped = payload!.slice(0, 10) + (payload![10] === 'A' ? 'B' : 'A') + payload!.slice(11);
    await expect401(`${header}.${flipped}.${signature}`);
  });

  it('refuse an unsigned token (alg none)', async () => {
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT', kid: await currentKid() })}.${b64url(genuineClaims())}.`;
    await expect401(unsigned);
  });

  it('refuse a token signed by another RSA key that claims the platform key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(genuineClaims())
      .setProtectedHeader({ alg: 'RS256', kid: await currentKid(), typ: 'JWT' })
      .sign(privateKey);
    await expect401(forged);
  });

  it('refuse an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const jwks = (await t.request('GET', '/iam/jwks', undefined)).body as { keys: JWK[] };
    const publicJwk = jwks.keys[0]!;
    const pem = await exportSPKI((await importJWK(publicJwk, 'RS256', { extractable: true })) as CryptoKey);
    const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
    for (const secret of [new TextEncoder().encode(pem), new Uint8Array(der)]) {
      const forged = await new SignJWT(genuineClaims())
        .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid!, typ: 'JWT' })
        .sign(secret);
      await expect401(forged);
    }
  });

  it('refuse an expired token, even one signed with the platform key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = genuineClaims();
    // Control: the same construction with a live expiry is accepted, so only the expiry differs.
    const live = await signWithPlatformKey(t, { ...claims, iat: now - 60, exp: now + 60 });
    expect(await termsStatus(t, live)).toBe(200);
    const expired = await signWithPlatformKey(t, { ...claims, iat: now - 400, exp: now - 60 });
    const body = await expect401(expired);
    expect(body.message).toContain('expired');
  });

  it('refuse a token of another issuer, or without the access-token type, even signed with the platform key', async () => {
    const claims = genuineClaims();
    await expect401(await signWithPlatformKey(t, { ...claims, iss: 'https://elsewhere.example/iam/realms/operator' }));
    await expect401(await signWithPlatformKey(t, { ...claims, typ: 'ID' }));
    await expect401(await signWithPlatformKey(t, { ...claims, realm: 'some-other-realm' }));
  });

  it('refuse a token whose session was ended (revoked), while it has not expired yet', async () => {
    const login = await adminLogin(t);
    await t.request('DELETE', '/iam/tokens/invalidate', login.access_token);
    expect(claimsOf(login.access_token).exp).toBeGreaterThan(Date.now() / 1000);
    const body = await expect401(login.access_token);
    expect(body.message).toContain('session');
  });

  it('answer 403 for a valid token without the route scope: terms:read may read but not write terms', async () => {
    const readOnly = await adminLogin(t, { scope: 'terms:read' });
    expect(readOnly.scope).toBe('terms:read');
    expect(await termsStatus(t, readOnly.access_token)).toBe(200);
    const res = await t.request('POST', '/terms', readOnly.access_token, {
      startDate: '2026-01-01T00:00:00Z',
      template: 'tpl',
      model: 'MOR',
    });
    expectSimpleError(res, 403, '/terms');
    expect((res.body as Json).message).toContain('terms:write');
  });
});

describe('access tokens per RFC 9068', () => {
  it('carry the header typ at+jwt and the claims client_id, iss, sub, aud, exp, iat and jti', async () => {
    const tenant = await t.tenant();
    expect(decodeProtectedHeader(tenant.token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: expect.any(String) });
    expect(claimsOf(tenant.token)).toMatchObject({
      client_id: tenant.realm,
      iss: `http://localhost:8080/iam/realms/${tenant.realm}`,
      sub: `client:${tenant.realm}`,
      aud: tenant.realm,
      exp: expect.any(Number),
      iat: expect.any(Number),
      jti: expect.any(String),
    });
  });

  it('keep id tokens (header typ JWT, claim typ ID) apart: refused as bearer tokens, also relabelled at+jwt', async () => {
    const login = await adminLogin(t);
    expect(decodeProtectedHeader(login.id_token).typ).toBe('JWT');
    await expect401(login.id_token);
    await expect401(await signWithPlatformKey(t, claimsOf(login.id_token), { typ: 'at+jwt' }));
    await expect401(await signWithPlatformKey(t, { ...genuineClaims(), typ: 'ID' }, { typ: 'at+jwt' }));
  });

  it('accept a token issued before the profile (header typ JWT, claim typ Bearer), which lives one lifetime at most', async () => {
    const legacy = await signWithPlatformKey(t, { ...genuineClaims(), client_id: undefined }, { typ: 'JWT' });
    expect(await termsStatus(t, legacy)).toBe(200);
  });

  it('accept the header typ application/at+jwt, and a token without the claim typ; refuse a header typ JWT without it', async () => {
    const { typ: _typ, ...untyped } = genuineClaims();
    expect(await termsStatus(t, await signWithPlatformKey(t, genuineClaims(), { typ: 'application/at+jwt' }))).toBe(
      200,
    );
    expect(await termsStatus(t, await signWithPlatformKey(t, untyped, { typ: 'at+jwt' }))).toBe(200);
    await expect401(await signWithPlatformKey(t, untyped, { typ: 'JWT' }));
  });
});
