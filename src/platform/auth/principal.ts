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
}

/** Which rows a principal may see: every row, or the rows of these customers plus the operator's own rows. */
export type TenantScope = { all: true } | { all: false; customerIds: readonly string[] };

export function tenantScopeOf(principal: Principal): TenantScope {
  return principal.isOperator ? { all: true } : { all: false, customerIds: principal.tenantIds };
}

export function mayActFor(principal: Principal, customerId: string | undefined | null): boolean {
  if (principal.isOperator) return true;
  if (customerId === undefined || customerId === null) return false;
  return principal.tenantIds.includes(customerId);
}
