import type { PlatformEvent } from '../../platform/events/outbox.js';
import { select, textOf } from './json-path.js';
import type { NotificationDefinition } from './notification-definition.schema.js';

export type MatchedDefinition = Pick<NotificationDefinition, 'eventMatcher' | 'mainIdJsonPath'>;

/** The first part of the matcher an event fails: the field, what it expects, and what the event has there. */
export interface Mismatch {
  field: string;
  expected: string;
  found: string[];
}

/** Whether a definition matches an event, what failed when it does not, and the id of the event's main object. */
export interface MatchOutcome {
  matches: boolean;
  mismatch?: Mismatch;
  mainObjectId?: string;
}

/** Texts shown of what a filter's path selected, and characters of each: enough to see why it failed. */
const SHOWN_VALUES = 20;
const SHOWN_CHARACTERS = 1_000;

function mismatchOf(definition: MatchedDefinition, event: PlatformEvent): Mismatch | undefined {
  const { fact, subject, filters = [] } = definition.eventMatcher;
  if (fact !== event.fact) return { field: 'eventMatcher.fact', expected: fact, found: [String(event.fact)] };
  if (subject !== event.subject)
    return { field: 'eventMatcher.subject', expected: subject, found: [String(event.subject)] };
  for (const [index, filter] of filters.entries()) {
    const found = select(event, filter.jsonPath).map(textOf);
    if (!found.includes(filter.value))
      return {
        field: `eventMatcher.filters[${index}]`,
        expected: filter.value,
        found: found.slice(0, SHOWN_VALUES).map((text) => text.slice(0, SHOWN_CHARACTERS)),
      };
  }
  return undefined;
}

/**
 * docs/product-decisions.md §5: fact and subject equal the matcher's, and every filter's JSONPath selects at least one value whose
 * text equals the filter's value (a path that selects nothing does not match); the main object's id is the first
 * value `mainIdJsonPath` selects, as text. `explain` also reads the main object's id of an event that does not match
 * (a definition's test). Throws when a path passes its limits (json-path.ts).
 */
export function matchEvent(definition: MatchedDefinition, event: PlatformEvent, explain = false): MatchOutcome {
  const mismatch = mismatchOf(definition, event);
  if (mismatch && !explain) return { matches: false };
  const [first] = select(event, definition.mainIdJsonPath);
  return {
    matches: !mismatch,
    ...(mismatch ? { mismatch } : {}),
    ...(first === undefined ? {} : { mainObjectId: textOf(first) }),
  };
}
