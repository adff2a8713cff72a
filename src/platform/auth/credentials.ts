import { ForbiddenError } from '../errors/domain-errors.js';
import type { Principal } from './principal.js';

/**
 * Credentials (client secrets, realm users and their passwords, web hook signing secrets and a receiver's own
 * secrets, signing keys) are managed by their owner and the operator only (DECISIONS §2). `authorizedCustomers` let a
 * reseller see and act on its customers' records, not hold their identity: a secret it could rotate, read or set
 * would let it act as the customer towards third parties (sign web hooks, call the API with the customer's client)
 * after the authorization is withdrawn. Every credential operation asks here: engine actions declared `credential`,
 * writes of a kind's declared secrets, secrets shown once, and the realm-user routes.
 */
export function mayManageCredentials(principal: Principal, owner: string | null | undefined): boolean {
  return principal.isOperator || (owner != null && principal.customerId === owner);
}

/** 403 unless `principal` may manage the credentials of `owner` (a customer id; null: the operator's). */
export function assertMayManageCredentials(
  principal: Principal,
  owner: string | null | undefined,
  target: { credential: string; resourceType: string; resourceId: string },
): void {
  if (mayManageCredentials(principal, owner)) return;
  throw new ForbiddenError(
    `the ${target.credential} of ${target.resourceType} ${target.resourceId} is managed by its owner and the operator only: a token acting for the owner (authorizedCustomers) may not rotate, read or set it`,
    { resourceType: target.resourceType, resourceId: target.resourceId },
  );
}
