import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture.js';

/**
 * A client generator is happy with the document: openapi-typescript turns it into types, and a short script using
 * them through openapi-fetch type-checks (and a wrong use does not, so the types are real).
 */

const CLIENT_USE = `
import createClient from 'openapi-fetch';
import type { components, paths, webhooks } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://localhost:8080' });

/** A receiver typed from the document's webhooks: the event's fact and record are known. */
type TermsCreated = webhooks['terms.created']['post']['requestBody']['content']['application/json'];
export function onTermsCreated(message: TermsCreated): string {
  const fact: 'created' = message.event.fact;
  const template: string = message.event.involved.terms.template;
  const owner: string | null = message.event.customerId;
  return [message.notificationId, fact, template, owner ?? 'operator', message.payload.type ?? ''].join(' ');
}

export async function use(token: string): Promise<string[]> {
  const headers = { authorization: \`Bearer \${token}\` };
  const issued = await client.POST('/iam/tokens', { body: { realmName: 'operator', grantType: 'client_credentials', clientSecret: 's' } });
  const access: string | undefined = issued.data?.access_token;
  const created = await client.POST('/terms', { headers, body: { startDate: '2026-01-01T00:00:00Z', template: '<h1>Terms</h1>', model: 'MOR' } });
  if (created.error) return [created.error.message, String(created.error.status)];
  // Server-set fields are always answered: no undefined to handle.
  const id: string = created.data.id;
  const version: number = created.data.dbVersion;
  const read = await client.GET('/terms/{id}', { headers, params: { path: { id } } });
  const item: components['schemas']['TermsItem'] | undefined = read.data;
  const page = await client.GET('/terms', { headers, params: { query: { page: 0, size: 5, status: 'DRAFT', sort: ['startDate,desc'] } } });
  const ids: string[] = page.data?.items.map((listed) => listed.id) ?? [];
  await client.PUT('/terms/{id}', { headers: { ...headers, 'if-match': \`"\${version}"\` }, params: { path: { id } }, body: { ...item!, template: 'v2' } });
  return [access ?? '', ...ids];
}

export async function upload(token: string): Promise<Blob | undefined> {
  const headers = { authorization: \`Bearer \${token}\` };
  const file = new Blob(['hello'], { type: 'text/plain' });
  // The file part is typed as binary content, so a Blob goes in as it is; the form is what travels.
  const uploaded = await client.POST('/assets', {
    headers,
    body: { file },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', file, 'hello.txt');
      return form;
    },
  });
  const id: string = uploaded.data?.id ?? '';
  const content = await client.GET('/assets/{id}/{filename}', { params: { path: { id, filename: 'hello.txt' } }, parseAs: 'blob' });
  return content.data;
}
`;

const WRONG_USE = `
import createClient from 'openapi-fetch';
import type { paths, webhooks } from './api.js';

const client = createClient<paths>({ baseUrl: '/' });
export async function wrong() {
  const created = await client.POST('/terms', { body: { startDate: '2026-01-01T00:00:00Z', template: 't', model: 'NOT_A_MODEL' } });
  const count: number = created.data!.template;
  await client.GET('/terms/{id}', {});
  return count;
}
export function onTermsCreated(message: webhooks['terms.created']['post']['requestBody']['content']['application/json']): number {
  return message.event.involved.terms.startDate;
}
`;

const execFileAsync = promisify(execFile);

let dir: string;
const { t } = await useApp();
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
  const ast = await openapiTS((await t.request('GET', '/openapi.json', undefined)).body as never);
  writeFileSync(join(dir, 'api.d.ts'), astToString(ast));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
}, 180_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Type errors of the scripts beside the generated `api.d.ts`, with openapi-fetch taken from this project, by script.
 * One `tsc` checks them all (most of its time is the libraries and `api.d.ts`, shared); it runs in a child process, so
 * the test worker stays responsive while it checks.
 */
async function typeErrorsOf(scripts: Record<string, string>): Promise<Record<string, string>> {
  for (const [name, source] of Object.entries(scripts)) writeFileSync(join(dir, name), source);
  const require = createRequire(import.meta.url);
  const openapiFetch = join(dirname(require.resolve('openapi-fetch')), 'index.d.mts');
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: [],
    paths: { 'openapi-fetch': [openapiFetch] },
  };
  const project = join(dir, 'tsconfig.json');
  writeFileSync(project, JSON.stringify({ compilerOptions, files: Object.keys(scripts) }));
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const run = await execFileAsync(process.execPath, [tsc, '-p', project, '--pretty', 'false']).catch(
    (failed: { stdout?: string }) => ({ stdout: failed.stdout ?? 'tsc failed' }),
  );
  // `file(line,col): error TS…`, then indented lines elaborating it.
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(scripts).map((name) => [name, []]));
  let current: string[] | undefined;
  for (const line of run.stdout.split('\n')) {
    const file = /^([^\s(]+)\(\d+,\d+\): /.exec(line)?.[1];
    // The path is relative to the working directory: the script is named by its file name.
    if (file !== undefined) current = errors[basename(file)] ?? (errors[basename(file)] = []);
    if (line.trim() !== '') (current ?? (errors[''] ??= [])).push(line);
  }
  return Object.fromEntries(Object.entries(errors).map(([name, lines]) => [name, lines.join('\n')]));
}

let typeErrors: Record<string, string>;
beforeAll(async () => {
  typeErrors = await typeErrorsOf({ 'client.ts': CLIENT_USE, 'wrong.ts': WRONG_USE });
}, 120_000);

describe('a client generated from GET /openapi.json', () => {
  it('type-checks a script that issues a token, creates, reads, lists and replaces terms, uploads a Blob and downloads it, and receives a typed web hook', async () => {
    expect(typeErrors['client.ts']).toBe('');
    expect(typeErrors[''] ?? '', 'tsc output naming no script').toBe('');
  });

  it('refuses a script that sends an unknown enum value, misreads a field, forgets a path parameter and misreads a web hook', async () => {
    const errors = typeErrors['wrong.ts']!;
    expect(errors).toMatch(/NOT_A_MODEL/);
    expect(errors).toMatch(/not assignable to type 'number'/);
    expect(errors.split('\n').filter((line) => line.includes('error TS')).length).toBeGreaterThanOrEqual(4);
  });
});
