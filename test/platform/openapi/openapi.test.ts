import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../../scripts/lint-openapi.js';
import { useApp } from '../../support/fixture.js';

/** operationIds of the route table sections this build serves, read from the contract itself (docs/routes.md). */
function contractOperationIds(sections: string[]): string[] {
  const routes = readFileSync(new URL('../../../docs/routes.md', import.meta.url), 'utf8');
  const ids: string[] = [];
  for (const block of routes.split(/^## /m)) {
    const title = block.split('\n')[0]!.trim();
    if (!sections.some((s) => title.startsWith(s))) continue;
    for (const line of block.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      // | method | path | operationId | notes |
      if (/^(GET|POST|PUT|DELETE)$/.test(cells[1] ?? ''))
        ids.push(
          ...cells[3]!
            .replace(/\(.*\)/, '')
            .split('/')
            .map((id) => id.trim()),
        );
    }
  }
  return ids;
}

let doc: any;
const { t } = await useApp();
beforeAll(async () => {
  doc = (await t.request('GET', '/openapi.json', undefined)).body;
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('carries every operationId of the served ROUTES.md sections', () => {
    const served = new Set(
      Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId)),
    );
    const expected = contractOperationIds(['Token API', 'Terms and conditions API', 'Operations']).filter(
      (id) => !['openapi', 'docs'].includes(id),
    );
    expect(expected.length).toBeGreaterThan(15);
    expect(expected.filter((id) => !served.has(id))).toEqual([]);
  });

  it('documents protected operations with their scope and public ones with no security', () => {
    expect(doc.paths['/terms'].post.security).toEqual([{ bearerAuth: ['terms:write'] }]);
    expect(doc.paths['/terms/{id}'].get.security).toEqual([{ bearerAuth: ['terms:read'] }]);
    expect(doc.paths['/iam/tokens'].post.security).toEqual([]);
  });

  it('documents error responses in the error shapes', () => {
    const responses = doc.paths['/terms/{id}'].put.responses;
    for (const code of ['400', '401', '403', '404', '412']) expect(responses[code]).toBeDefined();
    expect(JSON.stringify(responses['412'])).toContain('SimpleError');
  });
});

describe('what the document promises a client', () => {
  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
  const headersOf = (response: any) => Object.keys(response.headers ?? {});

  it('points at the host that serves it, so "Try it out" works from any host name', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('describes every operation, saying which scope it needs', () => {
    for (const { name, op } of operations()) {
      expect(op.description, name).toEqual(expect.any(String));
      const scope = op.security?.[0]?.bearerAuth?.[0];
      if (scope) expect(op.description, name).toContain(scope);
      else if (op.security?.length === 0) expect(op.description, name).toContain('Public');
    }
  });

  it('shows an example with every JSON request body, several named by the principal each is for', () => {
    const bodies = operations().filter(({ op }) => op.requestBody?.content?.['application/json']);
    expect(bodies.length).toBeGreaterThan(10);
    for (const { name, op } of bodies) {
      const media = op.requestBody.content['application/json'];
      expect(media.example ?? media.examples, name).toBeDefined();
      if (media.examples)
        expect(
          Object.keys(media.examples).every((key) => /^as(Customer|Operator)\d*$/.test(key)),
          name,
        ).toBe(true);
    }
    expect(Object.keys(doc.paths['/subscriptions'].post.requestBody.content['application/json'].examples)).toEqual([
      'asCustomer',
      'asOperator',
    ]);
  });

  it('declares X-Request-Id on every answer, Location on creates, ETag on record reads and writes, Retry-After on 429', () => {
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        expect(headersOf(response), `${name} ${status}`).toContain('X-Request-Id');
        if (status === '429') expect(headersOf(response), `${name} 429`).toContain('Retry-After');
      }
    }
    expect(headersOf(doc.paths['/terms'].post.responses['201'])).toEqual(expect.arrayContaining(['Location', 'ETag']));
    expect(headersOf(doc.paths['/terms/{id}'].get.responses['200'])).toContain('ETag');
    expect(headersOf(doc.paths['/terms/{id}'].put.responses['200'])).toContain('ETag');
    expect(doc.components.headers['X-Request-Id'].schema.type).toBe('string');
  });

  it('separates the answered record (server fields always there) from the body sent', () => {
    const { TermsItem, TermsItemDraft, TermsItemListed } = doc.components.schemas;
    expect(TermsItem.required).toEqual(
      expect.arrayContaining(['id', 'createDate', 'updateDate', 'dbVersion', 'template']),
    );
    expect(TermsItemDraft.required).toEqual(['startDate', 'template', 'model']);
    expect(TermsItemListed.required).toEqual(['id']);
    expect(doc.paths['/terms'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/TermsItemDraft',
    );
    expect(doc.paths['/terms'].post.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/TermsItem',
    );
  });

  it('leaves additionalProperties: false out of request bodies (unknown fields are ignored), not out of the schemas that drop them', () => {
    expect(doc.components.schemas.TermsItemDraft.additionalProperties).toBeUndefined();
    expect((t.app.getSchema('TermsItemDraft') as { additionalProperties?: unknown }).additionalProperties).toBe(false);
  });

  it('introduces itself with what it serves, counted from its own operations (nothing said to be "not built")', () => {
    const counts = new Map<string, number>();
    for (const { op } of operations()) for (const tag of op.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    expect(counts.size).toBeGreaterThan(8);
    for (const [tag, count] of counts) expect(doc.info.description).toContain(`${tag} (${count})`);
    expect(doc.info.description).not.toMatch(/not built/i);
  });

  it('declares what the platform answers and nothing it never does', () => {
    const { get, put } = doc.paths['/terms/{id}'];
    // 400: an unknown query parameter (or a bad `version` on kinds that keep history). 431: headers too large, on every operation.
    expect(Object.keys(get.responses).sort()).toEqual(['200', '304', '400', '401', '403', '404', '431', '500', '503']);
    expect(Object.keys(put.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '408',
      '412',
      '413',
      '415',
      '431',
      '500',
      '503',
    ]);
    expect(Object.keys(doc.paths['/terms'].post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '408',
      '409',
      '413',
      '415',
      '422',
      '431',
      '500',
      '503',
    ]);
    expect(Object.keys(doc.paths['/iam/tokens'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '408',
      '413',
      '415',
      '429',
      '431',
      '500',
      '503',
    ]);
  });

  it('holds no schema component that no operation or web hook reaches', () => {
    const text = JSON.stringify({
      paths: doc.paths,
      webhooks: doc.webhooks,
      components: { ...doc.components, schemas: undefined },
    });
    const reached = new Set<string>();
    const pending = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      for (const m of JSON.stringify(doc.components.schemas[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
        pending.push(m[1]!);
    }
    expect(Object.keys(doc.components.schemas).filter((name) => !reached.has(name))).toEqual([]);
    expect(reached.size).toBeGreaterThan(50);
  });
});

describe('GET /docs', () => {
  it('serves the interactive API reference without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Commerce Platform API reference</title>');
  });
});

describe('OpenAPI lint', () => {
  it('passes @redocly/cli lint with no error', async () => {
    const { status, output } = await lintOpenApi();
    expect(output).toContain('valid');
    expect(status, output).toBe(0);
  }, 180_000);
});
