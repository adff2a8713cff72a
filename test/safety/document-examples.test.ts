import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import type { TestApp } from '../support/test-app.js';
import { type Json, type Operation, operationsOf } from './openapi-operations.js';
import { createThrough, creatingOperations, type Records, seedRecords } from './seed-records.js';

/**
 * Every example the OpenAPI document gives a create operation works for the principal it is written for (the
 * document names each one `asCustomer` or `asOperator`): posted as that principal, it is created. The ids an example
 * shows for records it names (`product-1`) stand for records that exist, so they are those of records made first;
 * the operator's `customerId` names a real customer. An unknown field sent with each is ignored, not stored.
 */
const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' } });
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);
let records: Records;
let tenant: Awaited<ReturnType<TestApp['tenant']>>;

beforeAll(async () => {
  tenant = await t.tenant();
  records = await seedRecords(t, doc, operations, await t.operator(), { customerId: tenant.customerId });
});

/** The examples of the operation's JSON body, by name (`example` alone is the customer's). */
function examplesOf(op: Operation): [string, Json][] {
  const media = doc.paths[op.path][op.method.toLowerCase()].requestBody?.content?.['application/json'];
  if (!media) return [];
  if (media.examples)
    return Object.entries<Json>(media.examples).map(([name, example]) => [name, example.value as Json]);
  return media.example ? [['asCustomer', media.example as Json]] : [];
}

const creating = creatingOperations(operations).filter((op) => examplesOf(op).length > 0);

describe("the document's examples", () => {
  it('cover the create operations that take JSON', () => {
    expect(creating.length).toBeGreaterThan(10);
  });

  it.each(creating.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: each example is created for the principal it names',
    async (_name, op) => {
      for (const [name, example] of examplesOf(op)) {
        // Customers are created by the operator only (docs/product-decisions.md §2): their example is the operator's whatever it names.
        const asOperator = name.startsWith('asOperator') || op.path === '/customers';
        const token = asOperator ? await t.operator() : tenant.token;
        // Unknown fields are ignored, never stored (ROUTES.md): one rides along with every example.
        const body = {
          ...example,
          ...(asOperator ? { customerId: tenant.customerId } : {}),
          unknownExampleField: 'ignored',
        };
        // Operator-only operations (customers) are created by the operator whatever the example says.
        // A customer's token works in its own realm (`/iam/realms/{realm}/users`).
        const created = await createThrough(t, doc, op, token, records, {
          example: body,
          pathValues: asOperator ? {} : { realm: tenant.realm },
        });
        expect(created, `${name} of ${op.id}`).toBeDefined();
        expect(JSON.stringify(created), `${name} of ${op.id} stored an unknown field`).not.toContain(
          'unknownExampleField',
        );
      }
    },
  );
});
