import { describe, expect, it } from 'vitest';
import { uniqueContent, uploadFile } from '../../assets/asset-kit.js';
import { useApp } from '../../support/fixture.js';
import { OPERATOR_SECRET } from '../../support/test-app.js';
import { termsBody } from '../../terms/terms-factories.js';

/**
 * docs/decisions.md#unknown-query-parameters: every operation refuses a query parameter it does not know (400 naming
 * it), so a misspelt filter is never silently ignored — except the token endpoint (RFC 6749 §3.2 wants them ignored)
 * and public download links (browsers and CDNs decorate them).
 */
const a = await useApp({ dataDir: true, operator: true });
const { t, operator } = a;

const UNKNOWN = 'querystring.zzUnknown is not a known parameter of this operation';
// OAuth 2.0 and OpenID Connect endpoints ignore parameters they do not know (RFC 6749 §3.1, §3.2).
const IGNORING = [
  'POST /iam/tokens/oauth',
  'GET /assets/{id}/{filename}',
  'GET /iam/realms/{realm}/authorize',
  'GET /iam/realms/{realm}/logout',
];

/** Every documented operation that takes no body, with its path parameters and required query parameters filled in. */
async function operationsWithoutBody(): Promise<{ method: string; url: string; name: string }[]> {
  const doc = (await t.request('GET', '/openapi.json', undefined)).body as Record<string, any>;
  return Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Record<string, any>>(item)
      .filter(([, operation]) => !operation.requestBody)
      .map(([method, operation]) => {
        const required = (operation.parameters ?? [])
          .filter((p: any) => p.in === 'query' && p.required)
          .map((p: any) => `${p.name}=x&`);
        return {
          method: method.toUpperCase(),
          url: `${path.replace(/\{[^}]+\}/g, 'zz-none')}?${required.join('')}`,
          name: `${method.toUpperCase()} ${path}`,
        };
      }),
  );
}

describe('an unknown query parameter', () => {
  it('answers 400 naming it on every operation without a body, listings, reads, deletes, health and metrics alike', async () => {
    const operations = (await operationsWithoutBody()).filter((op) => !IGNORING.includes(op.name));
    expect(operations.map((op) => op.name)).toEqual(
      expect.arrayContaining([
        'GET /iam/realms/{realm}/users',
        'GET /terms/{id}',
        'GET /iam/jwks',
        'GET /health/live',
        'DELETE /iam/tokens/invalidate',
      ]),
    );
    const answers = [];
    for (const op of operations) {
      const res = await t.request(op.method as 'GET', `${op.url}zzUnknown=1`, operator);
      answers.push({ name: op.name, status: res.status, message: (res.body as { message?: string })?.message });
    }
    expect(answers.filter((answer) => answer.status !== 400 || answer.message !== UNKNOWN)).toEqual([]);
    // The token refused nothing on its way: it still works.
    expect((await t.request('GET', '/terms', operator)).status).toBe(200);
  });

  it('answers 400 naming it on operations with a body, after the body is found valid', async () => {
    const created = await t.request('POST', '/terms?zzUnknown=1', operator, termsBody());
    expect(created.status).toBe(400);
    expect((created.body as { message: string }).message).toBe(UNKNOWN);
    const realm = await t.tenant();
    const user = await t.request('POST', `/iam/realms/${realm.realm}/users?zzUnknown=1`, operator, {
      username: 'someone',
      password: 'long-enough-password',
    });
    expect([user.status, (user.body as { message: string }).message]).toEqual([400, UNKNOWN]);
    const unknownFilter = await t.request('GET', '/iam/realms/operator/users?username=admin', operator);
    expect([unknownFilter.status, (unknownFilter.body as { message: string }).message]).toEqual([
      400,
      'querystring.username is not a known parameter of this operation',
    ]);
  });

  it('is ignored by the OAuth token endpoint, as RFC 6749 §3.2 requires', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/iam/tokens/oauth?zzUnknown=1&resource=https%3A%2F%2Fapi.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=operator&client_secret=${OPERATOR_SECRET}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is left to the docs UI, which is no API operation', async () => {
    expect((await t.inject({ method: 'GET', url: '/docs/?zzUnknown=1' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/openapi.json?zzUnknown=1' })).statusCode).toBe(200);
  });

  it('is ignored by public download links, which browsers and CDNs decorate (?v=2)', async () => {
    const content = uniqueContent('download');
    const uploaded = (await uploadFile(t, operator, content)).body as { id: string };
    const res = await t.inject({ method: 'GET', url: `/assets/${uploaded.id}/file.txt?v=2&utm_source=mail` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(content);
  });
});
