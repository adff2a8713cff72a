import type { PlatformEvent } from '../../platform/events/outbox.js';
import { select, textOf } from './json-path.js';
import type { NotificationDefinition } from './notification-definition.schema.js';

export type MatchedDefinition = Pick<NotificationDefinition, 'eventMatcher' | 'mainIdJsonPath'>;

/** Whether a definition matches an event, and the id of the event's main object when it does. */
export interface MatchOutcome {
  matches: boolean;
  mainObjectId?: string;
}

/**
 * DECISIONS §5: fact and subject equal the matcher's, and every filter's JSONPath selects at least one value whose
 * text equals the filter's value (a path that selects nothing does not match); the main object's id is the first
 * value `mainIdJsonPath` selects, as text. Throws when a path passes its limits (json-path.ts).
 */
export function matchEvent(definition: MatchedDefinition, event: PlatformEvent): MatchOutcome {
  const { fact, subject, filters = [] } = definition.eventMatcher;
  if (fact !== event.fact || subject !== event.subject) return { matches: false };
  if (!filters.every((filter) => select(event, filter.jsonPath).some((value) => textOf(value) === filter.value))) return { matches: false };
  const [first] = select(event, definition.mainIdJsonPath);
  return first === undefined ? { matches: true } : { matches: true, mainObjectId: textOf(first) };
}
