import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../../scripts/lint-openapi.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** operationIds of the ROUTES.md sections this build serves, read from the contract itself. */
function contractOperationIds(sections: string[]): string[] {
  const routes = readFileSync(new URL('../../../../shared/design/ROUTES.md', import.meta.url), 'utf8');
  const ids: string[] = [];
  for (const block of routes.split(/^## /m)) {
    const title = block.split('\n')[0]!.trim();
    if (!sections.some((s) => title.startsWith(s))) continue;
    for (const line of block.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      // | method | path | operationId | notes |
      if (/^(GET|POST|PUT|DELETE)$/.test(cells[1] ?? '')) ids.push(...cells[3]!.replace(/\(.*\)/, '').split('/').map((id) => id.trim()));
    }
  }
  return ids;
}

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.request('GET', '/openapi.json', undefined)).body;
});
afterAll(() => t.close());

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('carries every operationId of the served ROUTES.md sections', () => {
    const served = new Set(Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId)));
    const expected = contractOperationIds(['Token API', 'Terms and conditions API', 'Operations']).filter((id) => !['openapi', 'docs'].includes(id));
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

describe('GET /docs', () => {
  it('serves the interactive API reference without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('OpenAPI lint', () => {
  it('passes @redocly/cli lint with no error', async () => {
    const { status, output } = await lintOpenApi();
    expect(output).toContain('valid');
    expect(status, output).toBe(0);
  }, 60_000);
});
