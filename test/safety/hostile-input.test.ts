import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { type HostileInput, hostileInputs } from './hostile-inputs.js';
import { type Json, type Operation, operationsOf } from './openapi-operations.js';
import { pathValuesFor, type Records, seedRecords } from './seed-records.js';
import { changedTables, fingerprint, tablesOf } from './store-fingerprint.js';

/**
 * Every operation of the OpenAPI document meets hostile input (hostile-inputs.ts), as the operator and as a tenant.
 * Whatever arrives: never a 5xx; a 4xx is declared and in the declared error shape; a refused request stores
 * nothing; the server stays ready. Operations added later are covered without a line here.
 */

/** Requests in flight at once: enough to overlap, few enough for a 2-core machine. */
const BATCH = 8;
/** A tenant sends every TENANT_SHARE-th input: the tenant paths differ in who may see what, not in parsing. */
const TENANT_SHARE = 3;

interface Caller {
  name: 'operator' | 'tenant';
  token: () => Promise<string>;
  forget: () => void;
}

// Built while the file is collected: the document's operations name the tests.
const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' } });
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);
let tables: string[];
let records: Records;
let tenantCredentials: { realm: string; clientSecret: string };
const sent = { operator: 0, tenant: 0 };
const statuses: Record<number, number> = {};

beforeAll(async () => {
  const tenant = await t.tenant();
  tenantCredentials = tenant;
  // The records belong to the tenant where a body names its customer, so its calls reach real records too.
  records = await seedRecords(t, doc, operations, await t.operator(), { customerId: tenant.customerId });
  tables = await tablesOf(t.built.db);
});

afterAll(async () => {
  const inputs = sent.operator + sent.tenant;
  console.log(
    `hostile input: ${operations.length} operations, ${inputs} requests (${sent.operator} as the operator, ${sent.tenant} as a tenant); answers by status ${JSON.stringify(statuses)}`,
  );
});

/**
 * Tokens are kept between operations, except after one open to any token (logout, session reset): those end the
 * session of the token they get, so the next operation gets a fresh one.
 */
function caller(name: Caller['name'], credentials: () => Record<string, string>): Caller {
  let token: Promise<string> | undefined;
  return {
    name,
    token: () => (token ??= t.token(credentials()).then((answer) => answer.access_token as string)),
    forget: () => {
      token = undefined;
    },
  };
}
const operator = caller('operator', () => ({
  realmName: 'operator',
  grantType: 'client_credentials',
  clientSecret: OPERATOR_SECRET,
}));
const tenant = caller('tenant', () => ({
  realmName: tenantCredentials.realm,
  grantType: 'client_credentials',
  clientSecret: tenantCredentials.clientSecret,
}));
const endsSessions = (op: Operation) => op.authenticated && op.scope === undefined;

function shapeProblem(op: Operation, status: number, text: string, contentType: string): string | undefined {
  const declared = op.responses[String(status)];
  if (!declared) return `status ${status} is not declared`;
  // A page for a person (the browser sign-in): declared as HTML, answered as an HTML page.
  if (contentType.startsWith('text/html'))
    return declared.content?.['text/html'] && /^<!doctype html>/i.test(text)
      ? undefined
      : `the ${status} HTML body is not declared or not a page: ${text.slice(0, 80)}`;
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    return `the ${status} body is not JSON: ${text.slice(0, 80)}`;
  }
  const simple =
    typeof body.error === 'string' &&
    typeof body.message === 'string' &&
    typeof body.path === 'string' &&
    body.status === status &&
    typeof body.timestamp === 'number';
  if (!simple) return `the ${status} body is not in the error shape: ${text.slice(0, 160)}`;
  if (op.errorShape === 'DetailedError' && !Array.isArray(body.details))
    return `the ${status} body lacks the detailed shape's details`;
  return undefined;
}

const writes = (op: Operation) => op.method !== 'GET';

/** Sends the inputs in small batches; each refused batch must leave every table as it was. */
async function send(op: Operation, inputs: HostileInput[], caller: Caller): Promise<string[]> {
  const failures: string[] = [];
  const token = op.authenticated ? await caller.token() : undefined;
  let before = await fingerprint(t.built.db, tables);
  for (let start = 0; start < inputs.length; start += BATCH) {
    const batch = inputs.slice(start, start + BATCH);
    const responses = await Promise.all(
      batch.map((input) =>
        t.inject({
          method: input.method as 'GET',
          url: input.url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...input.headers },
          payload: input.payload,
        }),
      ),
    );
    const after = await fingerprint(t.built.db, tables);
    responses.forEach((response, i) => {
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      const what = `${caller.name}: ${batch[i]!.name} -> ${response.statusCode}`;
      const promised = batch[i]!.status;
      if (response.statusCode >= 500) failures.push(`${what}: ${response.body.slice(0, 200)}`);
      else if (promised !== undefined && response.statusCode !== promised) failures.push(`${what}: not ${promised}`);
      else if (response.statusCode >= 400) {
        const problem = shapeProblem(
          op,
          response.statusCode,
          response.body,
          String(response.headers['content-type'] ?? ''),
        );
        if (problem) failures.push(`${what}: ${problem}`);
      }
    });
    const accepted = responses.some((response) => response.statusCode < 300);
    const changed = changedTables(before, after);
    if (changed.length > 0 && (!writes(op) || !accepted))
      failures.push(
        `${caller.name}: refused requests changed ${changed.join(', ')}: ${batch.map((b) => b.name).join(' | ')}`,
      );
    before = after;
  }
  if (endsSessions(op)) caller.forget();
  sent[caller.name] += inputs.length;
  return failures;
}

describe('hostile input, generated from the OpenAPI document', () => {
  it('covers every operation of the document with at least 20 inputs', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations)
      expect(
        hostileInputs(doc, op, { pathValues: pathValuesFor(op.path, records, op.parameters), body: op.body?.example })
          .length,
        op.id,
      ).toBeGreaterThanOrEqual(20);
  });

  it('notices a row written, changed or removed in any table', async () => {
    const before = await fingerprint(t.built.db, tables);
    const id = `probe-${Date.now()}`;
    await t.built.db.query(
      `INSERT INTO outbox (id, fact, subject, customer_id, event) VALUES ($1, 'probed', 'probe', NULL, '{}')`,
      [id],
    );
    const inserted = await fingerprint(t.built.db, tables);
    await t.built.db.query(`UPDATE outbox SET fact = 'probed again' WHERE id = $1`, [id]);
    const updated = await fingerprint(t.built.db, tables);
    await t.built.db.query('DELETE FROM outbox WHERE id = $1', [id]);
    expect([
      changedTables(before, inserted),
      changedTables(inserted, updated),
      changedTables(updated, await fingerprint(t.built.db, tables)),
    ]).toEqual([['outbox'], ['outbox'], ['outbox']]);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: never a 5xx, 4xx in the declared error shape, nothing stored when refused, still ready',
    async (_name, op) => {
      const inputs = hostileInputs(doc, op, {
        pathValues: pathValuesFor(op.path, records, op.parameters),
        body: op.body?.example,
      });
      const failures = await send(op, inputs, operator);
      // Operator-only scopes aside, a tenant's token reaches the tenant rules of the same operation.
      if (op.authenticated && op.scope !== 'operator')
        failures.push(
          ...(await send(
            op,
            inputs.filter((_, i) => i % TENANT_SHARE === 0),
            tenant,
          )),
        );
      expect(failures, `${op.method} ${op.path} (${op.id})`).toEqual([]);
      const ready = await t.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, `not ready after ${op.id}`).toBe(200);
    },
  );
});
