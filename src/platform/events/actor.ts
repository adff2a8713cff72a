import type { Principal } from '../auth/principal.js';

/** Who made a change, as the activity log records it (docs/activity.md). */
export const ACTOR_TYPES = ['USER', 'CLIENT', 'OPERATOR', 'SYSTEM'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export interface Actor {
  type: ActorType;
  /** The token's subject: a realm user's id, `client:<client id>` for a client, `system` for the service's own work. */
  id: string;
  /** What a person reads: the username, or the client id of a client. */
  name: string;
}

/** Subjects of tokens issued to a client itself (client_credentials), as token.service.ts writes them. */
const CLIENT_SUBJECT = 'client:';

/**
 * The actor of a change made by `principal`: OPERATOR for the operator realm's tokens (its administrator and its
 * client), SYSTEM for principals no token stands behind (jobs, workers), CLIENT for a customer's client, USER for a
 * realm's user (and an end user of a store).
 */
export function actorOf(principal: Principal): Actor {
  if (principal.builtIn) return { type: 'SYSTEM', id: principal.subject, name: principal.subject };
  const isClient = principal.subject.startsWith(CLIENT_SUBJECT);
  const name = principal.username ?? (isClient ? principal.clientId : principal.subject);
  if (principal.isOperator) return { type: 'OPERATOR', id: principal.subject, name };
  return { type: isClient ? 'CLIENT' : 'USER', id: principal.subject, name };
}
