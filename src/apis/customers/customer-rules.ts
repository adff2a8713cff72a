import type { Principal } from '../../platform/auth/principal.js';
import { ForbiddenError, ValidationError } from '../../platform/errors/domain-errors.js';
import { type Doc, deepEqual, getPath } from '../../platform/resource/declare.js';
import { isCountryCode } from './country-codes.js';

/** What a customer is, what it is entitled to and whom it acts for: set by the operator only. */
export const OPERATOR_ONLY_FIELDS = ['type', 'status', 'authorizedCustomers', 'parentId', 'features'] as const;

/** Fields a PUT that leaves them out keeps (they always have a value), for everyone. */
const KEPT_WHEN_ABSENT = ['type', 'status'] as const;

/** `"Acme Séries & Co."` -> `acme-series-co`: the default realm name; a name with no Latin letter or digit gets one from the id. */
export function defaultRealmName(name: string, id: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return slug || `customer-${id.toLowerCase()}`;
}

export function assertOperatorCreates(principal: Principal): void {
  if (!principal.isOperator)
    throw new ForbiddenError("customers are created by the operator; a customer's token may not create one", {
      resourceType: 'customer',
    });
}

/** The country must be an assigned ISO 3166-1 alpha-2 code (the schema checks only its shape). */
export function assertCountry(doc: Doc): void {
  const country = getPath(doc, ['addressBook', 'country']);
  if (country !== undefined && !isCountryCode(country)) {
    throw new ValidationError(
      `body.addressBook.country must be an ISO 3166-1 alpha-2 country code, and ${JSON.stringify(country)} is not an assigned one`,
    );
  }
}

/** New customers are publishers in trial unless the operator says otherwise. */
export function withCreateDefaults(doc: Doc): Doc {
  return { ...doc, type: doc.type ?? 'PUBLISHER', status: doc.status ?? 'TRIAL' };
}

/**
 * An update keeps the realm name, and `type`/`status` when left out. A customer's token (its own, or a reseller's for
 * an authorized customer) may leave operator-only fields out (they are kept) or send them unchanged; changing one: 403.
 */
export function applyUpdateRules(doc: Doc, stored: Doc, principal: Principal): Doc {
  const out: Doc = { ...doc, realmName: stored.realmName };
  for (const field of KEPT_WHEN_ABSENT)
    if (out[field] === undefined && stored[field] !== undefined) out[field] = stored[field];
  if (principal.isOperator) return out;
  for (const field of OPERATOR_ONLY_FIELDS) {
    if (out[field] === undefined) {
      if (stored[field] !== undefined) out[field] = stored[field];
    } else if (!deepEqual(out[field], stored[field])) {
      throw new ForbiddenError(`body.${field} may be changed by the operator only`, {
        resourceType: 'customer',
        resourceId: String(stored.id),
      });
    }
  }
  return out;
}
