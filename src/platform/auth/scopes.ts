/** Scope areas of docs/product-decisions.md §2: each has `<area>:read` and `<area>:write`. */
export const SCOPE_AREAS = [
  'assets',
  'terms',
  'recommendations',
  'catalog',
  'notifications',
  'subscriptions',
  'customers',
  'iam',
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];

export const OPERATOR_SCOPE = 'operator';

/** Every area scope: what a customer's client holds. */
export const CUSTOMER_SCOPES: readonly string[] = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`]);

/** The operator realm's admin and client hold every scope. */
export const OPERATOR_SCOPES: readonly string[] = [...CUSTOMER_SCOPES, OPERATOR_SCOPE];

/** An end user of a store (end_user_credentials grant): reads the catalogue and recommendations, nothing else. */
export const END_USER_SCOPES: readonly string[] = ['catalog:read', 'recommendations:read'];

/** A requested `scope` narrows the granted set, never widens it. Unknown names are dropped. */
export function narrowScopes(granted: readonly string[], requested: string | undefined): string[] {
  if (!requested || !requested.trim()) return [...granted];
  const wanted = new Set(requested.split(/[\s,]+/).filter(Boolean));
  return granted.filter((scope) => wanted.has(scope));
}
