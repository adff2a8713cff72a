import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  adminLogin,
  createUser,
  expectOAuthError,
  expectSimpleError,
  type Json,
  termsStatus,
  tokenRequest,
  unique,
  userLogin,
} from './iam-kit.js';

const { t, operator } = await useApp({ operator: true });

const usersOf = (realm: string) => `/iam/realms/${realm}/users`;

describe('GET /iam/realms/{realm}/users', () => {
  it('lists a realm’s users page by page, without any password material', async () => {
    const tenant = await t.tenant();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createUser(t, tenant.realm, operator));
    const first = await t.request('GET', `${usersOf(tenant.realm)}?page=0&size=2`, operator);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ number: 0, size: 2, totalItems: 3, totalPages: 2, last: false });
    const second = (await t.request('GET', `${usersOf(tenant.realm)}?page=1&size=2`, operator)).body as Json;
    expect(second).toMatchObject({ number: 1, size: 2, totalItems: 3, totalPages: 2, last: true });
    const ids = [...(first.body as Json).items, ...second.items].map((u: Json) => u.id);
    expect(ids.sort()).toEqual(created.map((u) => u.id).sort());
    for (const user of [...(first.body as Json).items, ...second.items]) {
      expect(Object.keys(user).sort()).toEqual(['createDate', 'id', 'scope', 'username']);
    }
  });

  it('reports the real total on a page past the end', async () => {
    const tenant = await t.tenant();
    await createUser(t, tenant.realm, operator);
    const res = await t.request('GET', `${usersOf(tenant.realm)}?page=5&size=2`, operator);
    expect(res.body).toMatchObject({ items: [], number: 5, totalItems: 1, totalPages: 1, last: true });
  });

  it('answers 400 for a page size over 500 and 404 for a realm that does not exist', async () => {
    expect((await t.request('GET', `${usersOf('operator')}?size=501`, operator)).status).toBe(400);
    const nowhere = unique('nowhere');
    expectSimpleError(await t.request('GET', usersOf(nowhere), operator), 404, usersOf(nowhere));
  });

  it('answers 400 for a page past the engine bound, and 404 for a realm name PostgreSQL cannot store', async () => {
    expectSimpleError(
      await t.request('GET', `${usersOf('operator')}?page=99999999999999999999`, operator),
      400,
      usersOf('operator'),
    );
    expectSimpleError(await t.request('GET', usersOf('a%00b'), operator), 404, usersOf('a%00b'));
  });

  it('needs iam:read', async () => {
    const termsOnly = (await adminLogin(t, { scope: 'terms:read' })).access_token;
    expect((await t.request('GET', usersOf('operator'), termsOnly)).status).toBe(403);
    expect((await t.request('GET', usersOf('operator'), undefined)).status).toBe(401);
  });
});

describe('POST /iam/realms/{realm}/users', () => {
  it('creates a user (201) with its profile and the realm’s scopes by default', async () => {
    const tenant = await t.tenant();
    const username = unique('jane');
    const res = await t.request('POST', usersOf(tenant.realm), tenant.token, {
      username,
      password: 'correct horse',
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
    });
    expect(res.status).toBe(201);
    const body = res.body as Json;
    expect(body).toEqual({
      id: expect.any(String),
      username,
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      scope: expect.any(String),
      createDate: expect.any(String),
    });
    expect(new Date(body.createDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(body.scope.split(' ')).toContain('terms:write');
    expect(body.scope.split(' ')).not.toContain('operator');
    const listed = ((await t.request('GET', usersOf(tenant.realm), tenant.token)).body as Json).items as Json[];
    expect(listed).toContainEqual({
      id: body.id,
      username,
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      scope: body.scope,
      createDate: body.createDate,
    });
  });

  it('answers 409 for a username already taken in the realm, but allows it in another realm', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const user = await createUser(t, a.realm, operator);
    const duplicate = await t.request('POST', usersOf(a.realm), operator, {
      username: user.username,
      password: 'another-password',
    });
    expectSimpleError(duplicate, 409, usersOf(a.realm));
    expect((duplicate.body as Json).message).toContain(user.username);
    expect(
      (await t.request('POST', usersOf(b.realm), operator, { username: user.username, password: 'another-password' }))
        .status,
    ).toBe(201);
    // The first user's password is unchanged.
    expect((await userLogin(t, a.realm, user)).access_token).toEqual(expect.any(String));
  });

  it('answers 400 naming the rule for a password shorter than 8 characters, and for a missing username', async () => {
    const short = await t.request('POST', usersOf('operator'), operator, { username: unique('u'), password: 'short' });
    expectSimpleError(short, 400, usersOf('operator'));
    expect((short.body as Json).message).toBe('body.password must be at least 8 characters');
    const noName = await t.request('POST', usersOf('operator'), operator, { password: 'long-enough-pw' });
    expect(noName.status).toBe(400);
    expect((noName.body as Json).message).toContain('body.username');
  });

  it('answers 400 naming the field, never 500, for text PostgreSQL cannot store', async () => {
    for (const [field, value] of [
      ['username', 'nul\u0000'],
      ['firstName', 'lone\ud800'],
    ]) {
      const res = await t.request('POST', usersOf('operator'), operator, {
        username: unique('u'),
        password: 'long-enough-pw',
        [field]: value,
      });
      expectSimpleError(res, 400, usersOf('operator'));
      expect((res.body as Json).message).toBe(`body.${field} must not contain NUL characters or unpaired surrogates`);
    }
  });

  it('answers 415 for a form-encoded body: only the token endpoints take forms', async () => {
    const res = await t.inject({
      method: 'POST',
      url: usersOf('operator'),
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${unique('u')}&password=long-enough-pw`,
    });
    expect(res.statusCode).toBe(415);
  });

  it('needs iam:write: a token with iam:read only gets 403 and no user is created', async () => {
    const readOnly = (await adminLogin(t, { scope: 'iam:read' })).access_token;
    const username = unique('u');
    const res = await t.request('POST', usersOf('operator'), readOnly, { username, password: 'long-enough-pw' });
    expectSimpleError(res, 403, usersOf('operator'));
    expect((res.body as Json).message).toContain('iam:write');
    expectOAuthError(
      await tokenRequest(t, { realmName: 'operator', username, password: 'long-enough-pw' }),
      401,
      'invalid_grant',
    );
  });

  it('gives a new user no more than the creating token holds', async () => {
    const tenant = await t.tenant();
    const narrow = (
      await t.token({
        realmName: tenant.realm,
        grantType: 'client_credentials',
        clientSecret: tenant.clientSecret,
        scope: 'iam:read iam:write',
      })
    ).access_token;
    const user = await createUser(t, tenant.realm, narrow);
    expect(user.scope).toBe('iam:read iam:write');
    expect((await userLogin(t, tenant.realm, user)).scope).toBe('iam:read iam:write');
    const wider = await t.request('POST', usersOf(tenant.realm), narrow, {
      username: unique('u'),
      password: 'long-enough-pw',
      scope: 'terms:write',
    });
    expectSimpleError(wider, 400, usersOf(tenant.realm));
  });
});

describe('DELETE /iam/realms/{realm}/users/{userId}', () => {
  it('deletes a user (204) and ends its sessions at once', async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, tenant.token);
    const session = await userLogin(t, tenant.realm, user);
    expect(await termsStatus(t, session.access_token)).toBe(200);
    const res = await t.request('DELETE', `${usersOf(tenant.realm)}/${user.id}`, tenant.token);
    expect(res.status).toBe(204);
    expect(await termsStatus(t, session.access_token)).toBe(401);
    expectOAuthError(
      await tokenRequest(t, { grantType: 'refresh_token', refreshToken: session.refresh_token }),
      400,
      'invalid_grant',
    );
    expectOAuthError(
      await tokenRequest(t, { realmName: tenant.realm, username: user.username, password: user.password }),
      401,
      'invalid_grant',
    );
    const listed = ((await t.request('GET', usersOf(tenant.realm), tenant.token)).body as Json).items as Json[];
    expect(listed.map((u) => u.id)).not.toContain(user.id);
  });

  it('answers 404 for a user that does not exist or was already deleted', async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, operator);
    expect((await t.request('DELETE', `${usersOf(tenant.realm)}/${user.id}`, operator)).status).toBe(204);
    expectSimpleError(
      await t.request('DELETE', `${usersOf(tenant.realm)}/${user.id}`, operator),
      404,
      `${usersOf(tenant.realm)}/${user.id}`,
    );
  });

  it('answers 404, never 500, for a user id PostgreSQL cannot store', async () => {
    expectSimpleError(
      await t.request('DELETE', `${usersOf('operator')}/a%00b`, operator),
      404,
      `${usersOf('operator')}/a%00b`,
    );
  });

  it('answers 404 for a user of another realm addressed through this realm', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const userOfB = await createUser(t, b.realm, operator);
    expect((await t.request('DELETE', `${usersOf(a.realm)}/${userOfB.id}`, operator)).status).toBe(404);
    expect((await userLogin(t, b.realm, userOfB)).access_token).toEqual(expect.any(String));
  });

  it('needs iam:write', async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, operator);
    const readOnly = (
      await t.token({
        realmName: tenant.realm,
        grantType: 'client_credentials',
        clientSecret: tenant.clientSecret,
        scope: 'iam:read',
      })
    ).access_token;
    expect((await t.request('DELETE', `${usersOf(tenant.realm)}/${user.id}`, readOnly)).status).toBe(403);
    expect((await userLogin(t, tenant.realm, user)).access_token).toEqual(expect.any(String));
  });
});
