import { createPublicKey } from 'node:crypto';
import type { JWK } from 'jose';
import type { Doc } from '../../platform/resource/declare.js';
import { MASK, type RecordOf, type WriteContext } from '../../platform/resource/declare.js';
import type { Iam } from '../iam/iam.js';
import type { AuthorizedCustomersCache } from './authorized-customers.cache.js';
import type { CustomerSchema } from './customer.schema.js';
import {
  applyUpdateRules,
  assertCountry,
  assertOperatorCreates,
  defaultRealmName,
  withCreateDefaults,
} from './customer-rules.js';
import type { CustomerSigningService } from './customer-signing.service.js';

export interface CustomerHookDeps {
  iam: Pick<Iam, 'realms' | 'keys'>;
  signing: CustomerSigningService;
  authorizations: AuthorizedCustomersCache;
}

/** base64 SPKI DER of the key that currently signs access tokens: the `realmPublicKey` clients know from Keycloak-style IAMs. */
function realmPublicKey(iam: CustomerHookDeps['iam']): string | undefined {
  const ring = iam.keys();
  const jwk = ring.jwks.keys.find((key: JWK) => key.kid === ring.current.kid);
  return jwk
    ? createPublicKey({ key: jwk as never, format: 'jwk' })
        .export({ type: 'spki', format: 'der' })
        .toString('base64')
    : undefined;
}

/** The record's view of its IAM client: the secret itself lives only hashed in the IAM, so the record holds the mask. */
export function iamClientOf(realmName: string, publicKey: string | undefined, secretDate: string): Doc {
  return {
    clientSecret: MASK,
    realmName,
    ...(publicKey ? { realmPublicKey: publicKey } : {}),
    secretKeys: [{ createDate: secretDate, secret: MASK }],
  };
}

/**
 * What the engine cannot know: a customer is created by the operator with its realm, confidential client and signing
 * key, all in the create's transaction (a taken realm name rolls everything back: 409); the client secret is shown in
 * the create answer only. Updates follow `applyUpdateRules`; a committed write drops the cached authorizations. The
 * declaration, customer.resource.ts, names each hook and hands it what it uses of the running app.
 */
type CustomerRecord = RecordOf<typeof CustomerSchema>;

/** A new customer gets its realm, IAM client and signing key in the create's transaction; the secret is shown once. */
export async function beforeCustomerCreate(
  deps: Pick<CustomerHookDeps, 'iam' | 'signing'>,
  doc: CustomerRecord,
  { principal, tx, revealOnce }: WriteContext<typeof CustomerSchema>,
): Promise<CustomerRecord> {
  assertOperatorCreates(principal);
  assertCountry(doc);
  const id = String(doc.id);
  const realmName = typeof doc.realmName === 'string' ? doc.realmName : defaultRealmName(String(doc.name), id);
  const { clientSecret } = await deps.iam.realms.provisionRealm(tx, realmName, id);
  const signingPublicKey = await deps.signing.createKey(tx, id);
  if (revealOnce) revealOnce['iamClient.clientSecret'] = clientSecret;
  return {
    ...withCreateDefaults(doc),
    realmName,
    iamClient: iamClientOf(realmName, realmPublicKey(deps.iam), String(doc.createDate)),
    signingPublicKey,
  } as CustomerRecord;
}

/** A replace follows the customer's update rules (what a customer may change of itself, what stays). */
export function beforeCustomerUpdate(
  doc: CustomerRecord,
  stored: CustomerRecord,
  { principal }: WriteContext<typeof CustomerSchema>,
): CustomerRecord {
  assertCountry(doc);
  return applyUpdateRules(doc, stored, principal) as CustomerRecord;
}

/** A committed write may change whom the customer authorizes: its cached authorizations are dropped. */
export function afterCustomerCommit(authorizations: AuthorizedCustomersCache, doc: CustomerRecord): void {
  authorizations.invalidate(String(doc.id));
}
