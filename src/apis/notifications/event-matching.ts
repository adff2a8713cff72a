import type { PlatformEvent } from '../../platform/events/outbox.js';
import { select, textOf } from './json-path.js';
import type { NotificationDefinition } from './notification-definition.schema.js';

/**
 * DECISIONS §5: fact and subject equal the matcher's, and every filter's JSONPath selects at least one value whose
 * text equals the filter's value. A path that selects nothing does not match.
 */
export function matches(definition: Pick<NotificationDefinition, 'eventMatcher'>, event: PlatformEvent): boolean {
  const { fact, subject, filters = [] } = definition.eventMatcher;
  if (fact !== event.fact || subject !== event.subject) return false;
  return filters.every((filter) => select(event, filter.jsonPath).some((value) => textOf(value) === filter.value));
}

/** The id of the event's main object: the first value `mainIdJsonPath` selects, as text; undefined when none. */
export function mainObjectId(definition: Pick<NotificationDefinition, 'mainIdJsonPath'>, event: PlatformEvent): string | undefined {
  const [first] = select(event, definition.mainIdJsonPath);
  return first === undefined ? undefined : textOf(first);
}
