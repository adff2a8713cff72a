import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { encode } from './hostile-values.js';
import { fillPath, type Json, type Operation, operationsOf } from './openapi-operations.js';
import {
  createThrough,
  creatingOperations,
  pathValuesFor,
  type Records,
  seedRecords,
  uniqueExample,
} from './seed-records.js';

/**
 * Who may call what, generated from the OpenAPI document (each operation's `security` names its scope):
 * - every operation that takes a token: none -> 401; a token holding every scope but its own -> 403;
 * - every public operation: no token needed;
 * - every operation on a record of a tenant-scoped kind (`/terms/{id}`, `/customers/{id}/verify`, ...): another
 *   tenant -> 404, the owner and a reseller authorized for the owner -> allowed.
 */

/** Where the rules above deliberately differ, and why. Keep it short. */
const EXCEPTIONS: Record<string, { owner?: number; reseller: number; reason: string }> = {
  rotateCustomerClientSecret: {
    reseller: 403,
    reason:
      "credentials are the owner's and the operator's only (docs/security.md#credentials; test/safety/credential-policy.test.ts)",
  },
  rotateNotificationReceiverSecret: {
    reseller: 403,
    reason:
      "credentials are the owner's and the operator's only (docs/security.md#credentials; test/safety/credential-policy.test.ts)",
  },
  getProductNextGeneration: {
    owner: 404,
    reseller: 404,
    reason:
      'no product names the seeded one as its older generation, so everyone gets 404; test/catalog/product-lookups.test.ts checks the tenant rule with a successor',
  },
};

const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' } });
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);
let records: Records;
let operatorToken: string;
let operatorScopes: string[];
/** Collection path -> the owner's customer id, for the kinds whose records their owner (and only it) sees. */
const ownerOf = new Map<string, string>();
const tokens = new Map<string, Promise<string>>();
let checks = 0;

/** A tenant's token, provisioned once per customer id (and `authorizedCustomers`). */
function tenantToken(customerId: string, authorized: string[] = []): Promise<string> {
  const key = `${customerId}|${authorized.join(',')}`;
  if (!tokens.has(key))
    tokens.set(
      key,
      t.tenant(customerId, authorized).then((tenant) => tenant.token),
    );
  return tokens.get(key)!;
}

/**
 * A record that is itself a tenant (a customer) has its realm and client already (one realm per customer); its create
 * answer shows the client secret once (docs/product-decisions.md §2), which gives the owner's token.
 */
function ownerTokenFrom(record: Json): void {
  const client = record.iamClient as Json | undefined;
  if (typeof client?.clientSecret !== 'string' || typeof record.realmName !== 'string') return;
  const credentials = {
    realmName: record.realmName,
    grantType: 'client_credentials',
    clientSecret: client.clientSecret,
  };
  tokens.set(
    `${record.id}|`,
    t.token(credentials).then((answer) => answer.access_token as string),
  );
}

/** The operator's client with every scope it holds except `scope`. */
function tokenWithout(scope: string): Promise<string> {
  const key = `without ${scope}`;
  if (!tokens.has(key)) {
    const narrowed = operatorScopes.filter((s) => s !== scope).join(' ');
    tokens.set(
      key,
      t
        .token({
          realmName: 'operator',
          grantType: 'client_credentials',
          clientSecret: OPERATOR_SECRET,
          scope: narrowed,
        })
        .then((answer) => answer.access_token as string),
    );
  }
  return tokens.get(key)!;
}

beforeAll(async () => {
  const answer = await t.token({
    realmName: 'operator',
    grantType: 'client_credentials',
    clientSecret: OPERATOR_SECRET,
  });
  operatorToken = answer.access_token;
  operatorScopes = String(answer.scope).split(' ');
  const owner = `owner-${Date.now().toString(36)}`;
  records = await seedRecords(t, doc, operations, operatorToken, { customerId: owner });
  // A kind is tenant-scoped when the record's owner (its customerId, or the record itself for a customer) reads it.
  for (const [collection, record] of records) {
    if (collection.includes('{')) continue;
    const ownerId = String(record.customerId ?? record.id);
    ownerTokenFrom(record);
    const read = await t.request(
      'GET',
      `${collection}/${encode(keyOf(collection, record))}`,
      await tenantToken(ownerId),
    );
    if (read.status === 200) ownerOf.set(collection, ownerId);
  }
});

/** How `GET {collection}/{key}` addresses `record`: the field its key parameter's `x-record-field` names, else the id. */
function keyOf(collection: string, record: Json): string {
  const get = operations.find(
    (op) =>
      op.method === 'GET' &&
      op.path.startsWith(`${collection}/{`) &&
      op.path.split('/').length === collection.split('/').length + 1,
  );
  const field =
    (get?.parameters.find((parameter) => parameter.in === 'path')?.schema['x-record-field'] as string | undefined) ??
    'id';
  return String(record[field]);
}

afterAll(async () => {
  console.log(
    `access matrix: ${operations.length} operations, ${checks} checks; tenant-scoped kinds: ${[...ownerOf.keys()].join(', ')}`,
  );
});

function urlOf(op: Operation): string {
  return fillPath(
    op.path,
    Object.fromEntries(Object.entries(pathValuesFor(op.path, records, op.parameters)).map(([k, v]) => [k, encode(v)])),
  );
}

/** A valid body: a replace sends the record as read, anything else the example of its operation. */
async function bodyOf(op: Operation): Promise<unknown> {
  if (!op.body) return undefined;
  // A replace sends the record as read (`PUT /products/{id}/without-prices` reads `/products/{id}`).
  if (op.method === 'PUT' && recordOf(op)) return (await t.request('GET', recordUrlOf(op), operatorToken)).body;
  return op.body.mediaTypes.includes('application/json') || op.body.mediaTypes.includes('*/*')
    ? uniqueExample(doc, op)
    : undefined;
}

async function call(op: Operation, token: string | undefined): Promise<{ status: number; body: unknown }> {
  checks += 1;
  const body = await bodyOf(op);
  const response = await t.request(op.method as 'GET', urlOf(op), token, body);
  return { status: response.status, body: response.body };
}

/**
 * A DELETE removes the record it is called on: an allowed call gets a record of its own, made as the seed was, so the
 * seed stays for the calls after it.
 */
async function callOnOwnRecord(
  op: Operation,
  token: string,
  owner: string,
): Promise<{ status: number; body: unknown }> {
  if (op.method !== 'DELETE') return call(op, token);
  const collection = collectionOf(op)!;
  const seed = records.get(collection)!;
  const create = creatingOperations(operations).find((candidate) => candidate.path === collection)!;
  const fresh = await createThrough(t, doc, create, operatorToken, records, { extra: { customerId: owner } });
  if (!fresh) throw new Error(`could not create a ${collection} record to delete`);
  records.set(collection, fresh);
  try {
    return await call(op, token);
  } finally {
    records.set(collection, seed);
  }
}

/** The collection whose record the operation's first path parameter names (`/terms` for `/terms/{id}`), if any. */
function collectionOf(op: Operation): string | undefined {
  return /^(\/[^{]*[^/{])\/\{[^}]+\}/.exec(op.path)?.[1];
}

/** The URL of the record the operation's first path parameter names. */
function recordUrlOf(op: Operation): string {
  const collection = collectionOf(op)!;
  const rest = urlOf(op)
    .split('?')[0]!
    .slice(collection.length + 1);
  return `${collection}/${rest.split('/')[0]}`;
}

/** The tenant-scoped collection whose record the operation acts on, if any. */
function recordOf(op: Operation): string | undefined {
  const collection = collectionOf(op);
  return collection && ownerOf.has(collection) ? collection : undefined;
}

const authenticated = operations.filter((op) => op.authenticated);
const scoped = authenticated.filter((op) => op.scope !== undefined);
const open = operations.filter((op) => !op.authenticated && !op.clientAuthenticated);
const clientAuthenticated = operations.filter(
  (op) => op.clientAuthenticated && !op.id.startsWith('getToken') && op.id !== 'getUserToken',
);
const named = (ops: Operation[]) => ops.map((op) => [`${op.method} ${op.path}`, op] as const);

describe('access matrix, generated from the OpenAPI document', () => {
  it('finds the routes and kinds it checks', () => {
    expect(authenticated.length).toBeGreaterThan(30);
    expect(open.length).toBeGreaterThan(5);
    expect(ownerOf.size).toBeGreaterThanOrEqual(3);
    expect(authenticated.filter((op) => recordOf(op)).length).toBeGreaterThanOrEqual(6);
  });

  it.each(named(authenticated))('%s: no token -> 401', async (_name, op) => {
    const answer = await call(op, undefined);
    expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  });

  it.each(named(scoped))('%s: a token without its scope -> 403', async (_name, op) => {
    const answer = await call(op, await tokenWithout(op.scope!));
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect((answer.body as Json).message).toContain(op.scope);
  });

  it.each(named(clientAuthenticated))('%s: no client credentials -> 401 invalid_client', async (_name, op) => {
    const answer = await call(op, undefined);
    expect(answer.status, JSON.stringify(answer.body)).toBe(401);
    expect((answer.body as Json).error).toBe('invalid_client');
  });

  it.each(named(open))('%s: public, no token needed', async (_name, op) => {
    const answer = await call(op, undefined);
    expect([401, 403], JSON.stringify(answer.body)).not.toContain(answer.status);
  });

  // Operations on a record of a kind the API creates; whether the kind is tenant-scoped is seen once records exist.
  const created = new Set(creatingOperations(operations).map((op) => op.path));
  const onRecords = authenticated.filter((op) => created.has(collectionOf(op) ?? ''));
  it.for(named(onRecords))(
    '%s: another tenant -> 404; the owner and its reseller -> allowed',
    async ([, op], context) => {
      const collection = recordOf(op);
      if (!collection) return context.skip();
      const owner = ownerOf.get(collection)!;
      const stranger = await call(op, await tenantToken(`stranger-${owner}`));
      expect(stranger.status, `another tenant: ${JSON.stringify(stranger.body)}`).toBe(404);
      const own = await callOnOwnRecord(op, await tenantToken(owner), owner);
      const exception = EXCEPTIONS[op.id];
      if (exception?.owner) expect(own.status, exception.reason).toBe(exception.owner);
      else expect([401, 403, 404], `the owner: ${JSON.stringify(own.body)}`).not.toContain(own.status);
      const reseller = await callOnOwnRecord(op, await tenantToken(`reseller-${owner}`, [owner]), owner);
      if (exception) expect(reseller.status, exception.reason).toBe(exception.reseller);
      else expect([401, 403, 404], `a reseller: ${JSON.stringify(reseller.body)}`).not.toContain(reseller.status);
    },
  );
});
