import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { Principal } from '../../platform/auth/principal.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Doc } from '../../platform/resource/declare.js';
import { type ActionDefinition, defineAction, Id, Obj, Ref, StringMap } from '../../platform/resource/declare.js';
import { assertStorable } from '../../platform/resource/documents.js';
import { MAX_PAGE_SIZE } from '../../platform/resource/shapes.js';
import type { RealmService } from '../iam/realm.service.js';
import { CustomerSchema, RemotePriceFilteringSchema } from './customer.schema.js';
import { iamClientOf } from './customer-hooks.js';
import { VerifyBodySchema } from './customer-signing.schema.js';
import type { CustomerSigningService, VerifiedData } from './customer-signing.service.js';
import { safeContentType } from './signed-content.js';

type Action = ActionDefinition<typeof CustomerSchema>;

const RemotePriceFilteringUpdateSchema = Obj(
  {
    remotePriceFilteringDataByCustomerId: StringMap(RemotePriceFilteringSchema, {
      minProperties: 1,
      maxProperties: MAX_PAGE_SIZE,
      description: 'customer id -> its new remotePriceFiltering (replaces the stored one)',
    }),
  },
  {
    $id: 'RemotePriceFilteringUpdate',
    title: 'Remote price filtering by customer id',
    examples: [
      {
        remotePriceFilteringDataByCustomerId: {
          '01890a5d-ac96-774b-bcce-b302099a8057': {
            filteringFieldsForB2B: ['country', 'currency'],
            filteringFieldsForB2C: ['country'],
          },
        },
      },
    ],
  },
);

const CustomerQuery = Type.Object(
  { customerId: Type.Optional(Id({ description: "default the token's customer (required for the operator)" })) },
  { additionalProperties: false },
);
const verifiedResponse = {
  description: 'the original data, with the content type it was signed with',
  content: { 'application/json': { schema: {} }, '*/*': { schema: { contentMediaType: 'application/octet-stream' } } },
};

/** JWT variants: the token's customer, or `customerId` (the operator, who has no customer of its own, must give it). */
export function customerOf(principal: Principal, requested: string | undefined): string {
  const id = requested?.trim() || principal.customerId;
  if (!id) throw new ValidationError('querystring.customerId is required: this token has no customer of its own');
  return id;
}

function sendVerified(reply: FastifyReply, verified: VerifiedData) {
  return reply.type(safeContentType(verified.contentType)).send(verified.payload);
}

/**
 * A new client secret, shown in this answer only. A credential: the operator or the customer itself, not a reseller
 * acting for it (403, `credential`).
 */
function rotateClientSecret(realms: Pick<RealmService, 'rotateClientSecret'>): Action {
  return {
    on: 'record',
    path: 'client-secret',
    operationId: 'rotateCustomerClientSecret',
    summary: "Rotate the customer's client secret; the answer shows the new secret once",
    description:
      'The operator or the customer itself (not a reseller). Tokens already issued stay valid until they expire; each call rotates again.',
    fact: 'updated',
    // With an Idempotency-Key a retry replays the answer (sealed at rest), so a lost answer does not rotate again.
    noStore: true,
    credential: 'client secret',
    async change({ record, tx, now }) {
      const iamClient = (record.iamClient ?? {}) as Doc;
      const realmName = String(iamClient.realmName ?? record.realmName);
      const { clientSecret } = await realms.rotateClientSecret(tx, realmName);
      const publicKey = typeof iamClient.realmPublicKey === 'string' ? iamClient.realmPublicKey : undefined;
      return {
        record: { ...record, iamClient: iamClientOf(realmName, publicKey, now.toISOString()) },
        reveal: { 'iamClient.clientSecret': clientSecret },
      };
    },
  };
}

/**
 * Replaces `remotePriceFiltering` of every listed customer in one transaction: all or nothing (an unknown or
 * invisible id: 404 and nothing changed). Customers are locked in id order, so two such requests cannot deadlock.
 */
const updateRemotePriceFiltering: Action = defineAction({
  on: 'collection',
  path: 'remote-price-filtering',
  method: 'PUT',
  operationId: 'updateRemotePriceFiltering',
  summary: "Replace several customers' remotePriceFiltering in one transaction (all or nothing)",
  description:
    'Each listed customer must be visible to the token (404 otherwise, and nothing is changed); each update counts as an update of that customer (dbVersion + 1, one event).',
  body: RemotePriceFilteringUpdateSchema,
  response: Type.Array(Ref(CustomerSchema), { description: 'the updated customers, in the order of the body' }),
  async run({ body, principal, tx, records }) {
    const byCustomerId = body.remotePriceFilteringDataByCustomerId;
    assertStorable(byCustomerId, 'body.remotePriceFilteringDataByCustomerId');
    const ids = Object.keys(byCustomerId);
    const updated = new Map<string, Doc>();
    for (const id of [...ids].sort()) {
      updated.set(
        id,
        (await records.act(principal, id, (doc) => ({ ...doc, remotePriceFiltering: byCustomerId[id] }), { tx })).doc,
      );
    }
    return ids.map((id) => updated.get(id));
  },
});

/** Verify answers the original data with the content type it was signed with. */
function verifyActions(signing: CustomerSigningService): Action[] {
  const common = {
    method: 'POST' as const,
    access: 'read' as const,
    body: VerifyBodySchema,
    response: verifiedResponse,
  };
  return [
    defineAction({
      ...common,
      on: 'collection',
      path: 'verify',
      operationId: 'verifySignedDataWithJwt',
      summary: "Verify data signed by the token's customer (or querystring customerId); answers the original data",
      query: CustomerQuery,
      async run({ principal, query, body, tx, records, reply }) {
        const customerId = customerOf(principal, query.customerId);
        await records.findVisible(tx, principal, customerId);
        return sendVerified(reply, await signing.verify(customerId, body.signedData));
      },
    }),
    defineAction({
      ...common,
      on: 'record',
      path: 'verify',
      operationId: 'verifySignedData',
      summary: "Verify data signed with the customer's key; answers the original data",
      async run({ record, body, reply }) {
        return sendVerified(reply, await signing.verify(String(record.id), body.signedData));
      },
    }),
  ];
}

export interface CustomerActionDeps {
  realms: Pick<RealmService, 'rotateClientSecret'>;
  signing: CustomerSigningService;
}

export function customerActions(deps: CustomerActionDeps): Action[] {
  return [rotateClientSecret(deps.realms), updateRemotePriceFiltering, ...verifyActions(deps.signing)];
}
