/** Who is calling, as established from a verified access token. */
export interface Principal {
  subject: string;
  realm: string;
  clientId: string;
  sessionId: string;
  tokenId: string;
  scopes: ReadonlySet<string>;
  /** Absent for the operator. */
  customerId?: string;
  /** The operator acts across tenants. */
  isOperator: boolean;
  /** Customers whose records this principal may see and act for: its own and its `authorizedCustomers`. */
  tenantIds: readonly string[];
  /** A realm user's username (the token's `preferred_username`); absent for clients. */
  username?: string;
  /** No token stands behind it: the service's own work (SYSTEM_PRINCIPAL) or an anonymous caller. */
  builtIn?: boolean;
}

/**
 * Which rows a principal may see of a kind: every row (the operator), or the rows of these customers, plus the
 * operator's own rows when the kind shares them (`operatorRecords`).
 */
export type TenantScope = { all: true } | { all: false; customerIds: readonly string[]; operatorRecords: boolean };

/** The principal's scope over a kind whose operator records are shared (`true`) or the operator's alone (`false`). */
export function tenantScopeOf(principal: Principal, operatorRecordsShared: boolean): TenantScope {
  return principal.isOperator
    ? { all: true }
    : { all: false, customerIds: principal.tenantIds, operatorRecords: operatorRecordsShared };
}

export function mayActFor(principal: Principal, customerId: string | undefined | null): boolean {
  if (principal.isOperator) return true;
  if (customerId === undefined || customerId === null) return false;
  return principal.tenantIds.includes(customerId);
}

/**
 * An end user of a store (the `end_user_credentials` grant, subject `enduser:<customer>:<store>:<email>`): a shopper,
 * who reads the store's catalogue but nothing of how the merchant runs it.
 */
export function isEndUser(principal: Principal): boolean {
  return principal.subject.startsWith('enduser:');
}

/** A principal no token stands behind: every identity field is `name`. */
function builtIn(name: string, isOperator: boolean): Principal {
  return Object.freeze({
    subject: name,
    realm: name,
    clientId: name,
    sessionId: name,
    tokenId: name,
    scopes: new Set<string>(),
    isOperator,
    tenantIds: Object.freeze([]) as readonly string[],
    builtIn: true,
  });
}

/**
 * The service itself, for work no request asked for (workers, scheduled jobs): acts across tenants like the operator.
 * It never comes from a token.
 */
export const SYSTEM_PRINCIPAL: Principal = builtIn('system', true);

/** The caller of a public route (no token): sees the operator records of kinds that share them, acts for no one. */
export const ANONYMOUS_PRINCIPAL: Principal = builtIn('anonymous', false);
