import { describe, expect, it } from 'vitest';
import { apiModules } from '../../src/apis/index.js';
import { createCustomer, customerToken, MASK } from '../customers/customer-factories.js';
import { receiverBody } from '../notifications/notification-factories.js';
import { makeTlsMaterial } from '../notifications/tls-material.js';
import { useApp } from '../support/fixture.js';
import { type Json, operationsOf } from './openapi-operations.js';

/**
 * Credentials follow one policy (DECISIONS §2, src/platform/auth/credentials.ts): the owner and the operator manage
 * them; a reseller acting for the owner (listed in the owner's `authorizedCustomers`) may not rotate, read or set
 * them (403 in the error shape). The credential operations and fields are found, not listed by hand: the operations
 * of the document that show a secret once (a success declaring `Cache-Control`, behind a bearer token) and those of
 * a realm's users, and every writable secret any kind declares. Each must have its case here, and each case is
 * called by the reseller (403), the owner and the operator (allowed).
 */
const { t, operator } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' }, operator: true });
const doc = t.app.swagger() as Json;
const tls = makeTlsMaterial();

const publisher = await createCustomer(t);
const reseller = await createCustomer(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
const tokens = {
  reseller: await customerToken(t, reseller),
  owner: await customerToken(t, publisher),
  operator,
};
type Party = keyof typeof tokens;

/** A receiver of the publisher's, made by its owner, for each call to work on. */
async function publishersReceiver(): Promise<Json> {
  const res = await t.request<Json>('POST', '/notification-receivers', tokens.owner, receiverBody());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Each writable secret with a value it accepts, as a partial `httpClientConfiguration`. */
const secretValues: Record<string, Json> = {
  'httpClientConfiguration.clientCredentialOauth2Config.clientSecret': {
    clientCredentialOauth2Config: {
      clientId: 'hooks',
      clientSecret: 'a-new-secret',
      tokenUrl: 'https://auth.example.com/t',
    },
  },
  'httpClientConfiguration.tlsConfiguration.privateKey': {
    tlsConfiguration: { clientCertificates: tls.clientCert, privateKey: tls.clientKey },
  },
};

/** What each credential operation does for `party`, and the status that means it was allowed. */
const operationCases: Record<
  string,
  { allowed: number; call: (party: Party) => Promise<{ status: number; body: unknown }> }
> = {
  rotateCustomerClientSecret: {
    allowed: 200,
    call: (party) => t.request('POST', `/customers/${publisher.id}/client-secret`, tokens[party]),
  },
  rotateNotificationReceiverSecret: {
    allowed: 200,
    call: async (party) =>
      t.request('POST', `/notification-receivers/${(await publishersReceiver()).id}/signing-secret`, tokens[party]),
  },
  listRealmUsers: {
    allowed: 200,
    call: (party) => t.request('GET', `/iam/realms/${publisher.realmName}/users`, tokens[party]),
  },
  createRealmUser: {
    allowed: 201,
    call: (party) =>
      t.request('POST', `/iam/realms/${publisher.realmName}/users`, tokens[party], {
        username: `user-${party}-${Math.random().toString(36).slice(2, 8)}`,
        password: 'long-enough-password',
      }),
  },
  deleteRealmUser: {
    allowed: 204,
    call: async (party) => {
      const made = await t.request<Json>('POST', `/iam/realms/${publisher.realmName}/users`, tokens.owner, {
        username: `doomed-${Math.random().toString(36).slice(2, 8)}`,
        password: 'long-enough-password',
      });
      return t.request('DELETE', `/iam/realms/${publisher.realmName}/users/${made.body.id}`, tokens[party]);
    },
  },
};

/** Operations that show a secret once, or manage a realm's users: the credential operations of the document. */
function credentialOperations(): string[] {
  return operationsOf(doc)
    .filter((op) => {
      const success = Object.entries<Json>(op.responses).filter(([status]) => status.startsWith('2'));
      const showsSecret = success.some(([, answer]) => answer.headers?.['Cache-Control'] !== undefined);
      return op.authenticated && (showsSecret || op.path.startsWith('/iam/realms/{realm}/users'));
    })
    .map((op) => op.id)
    .sort();
}

/** Every secret a kind declares that a body may set (generated ones are read-only). */
function writableSecrets(): string[] {
  return apiModules
    .flatMap((module) => module.kinds)
    .flatMap((kind) =>
      kind.secret.filter((field) => !kind.readOnly.some((ro) => field === ro || field.startsWith(`${ro}.`))),
    )
    .sort();
}

function expectForbidden(res: { status: number; body: unknown }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(403);
  expect((res.body as Json).message).toMatch(/managed by its owner and the operator only/);
}

describe('credentials: the owner and the operator, never a reseller acting for the owner', () => {
  it('has a case for every credential operation of the document and every writable secret of every kind', () => {
    expect(credentialOperations()).toEqual(Object.keys(operationCases).sort());
    expect(writableSecrets()).toEqual(Object.keys(secretValues).sort());
  });

  it.each(Object.keys(operationCases))('%s: reseller 403, owner and operator allowed', async (operationId) => {
    const { call, allowed } = operationCases[operationId]!;
    expectForbidden(await call('reseller'), `${operationId} by the reseller`);
    for (const party of ['owner', 'operator'] as const) {
      const res = await call(party);
      expect(res.status, `${operationId} by the ${party}: ${JSON.stringify(res.body)}`).toBe(allowed);
    }
  });

  it.each(Object.keys(secretValues))(
    '%s: a reseller may not set it on create or update; owner and operator may',
    async (field) => {
      const configuration = secretValues[field]!;
      const created = await t.request('POST', '/notification-receivers', tokens.reseller, {
        ...receiverBody({ customerId: publisher.id }),
        httpClientConfiguration: configuration,
      });
      expectForbidden(created, `create with ${field}`);
      const receiver = await publishersReceiver();
      const replaced = await t.request('PUT', `/notification-receivers/${receiver.id}`, tokens.reseller, {
        ...receiver,
        httpClientConfiguration: configuration,
      });
      expectForbidden(replaced, `update of ${field}`);
      for (const party of ['owner', 'operator'] as const) {
        const mine = await publishersReceiver();
        const updated = await t.request<Json>('PUT', `/notification-receivers/${mine.id}`, tokens[party], {
          ...mine,
          httpClientConfiguration: configuration,
        });
        expect(updated.status, `${party}: ${JSON.stringify(updated.body)}`).toBe(200);
        const withSecret = await t.request('POST', '/notification-receivers', tokens[party], {
          ...receiverBody({ customerId: publisher.id }),
          httpClientConfiguration: configuration,
        });
        expect(withSecret.status, `${party}: ${JSON.stringify(withSecret.body)}`).toBe(201);
      }
    },
  );

  it('lets a reseller change what is not a secret, keeping the secrets it sends back masked or leaves out', async () => {
    const receiver = await publishersReceiver();
    const withSecrets = await t.request<Json>('PUT', `/notification-receivers/${receiver.id}`, tokens.owner, {
      ...receiver,
      httpClientConfiguration: secretValues['httpClientConfiguration.clientCredentialOauth2Config.clientSecret'],
    });
    expect(withSecrets.status).toBe(200);
    const renamed = await t.request<Json>('PUT', `/notification-receivers/${receiver.id}`, tokens.reseller, {
      ...withSecrets.body,
      name: 'renamed by the reseller',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.httpClientConfiguration.clientCredentialOauth2Config.clientSecret).toBe(MASK);
  });

  it('shows a reseller creating a receiver for its customer the generated signing secret masked; the owner in clear', async () => {
    const byReseller = await t.request<Json>(
      'POST',
      '/notification-receivers',
      tokens.reseller,
      receiverBody({ customerId: publisher.id }),
    );
    expect(byReseller.status, JSON.stringify(byReseller.body)).toBe(201);
    expect(byReseller.body.signingSecret).toBe(MASK);
    const byOwner = await t.request<Json>('POST', '/notification-receivers', tokens.owner, receiverBody());
    expect(byOwner.body.signingSecret).toMatch(/^whsec_/);
  });
});
