import { Badge, List, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { type ActivityEntry, changesOf, showValue } from './activity-changes';

/** How many changed fields an entry lists before saying how many more there are. */
const SHOWN = 6;

/** What happened, as a heading word: `prebilled` -> `Prebilled`. */
export const factLabel = (fact: string) => fact.charAt(0).toUpperCase() + fact.slice(1);

/** Who made a change: a person by name; a client, the operator or the service's own work said so. */
export function ActorLabel({ actor }: { actor: ActivityEntry['actor'] }): ReactElement {
  return (
    <>
      {actor.name}{' '}
      {actor.type !== 'USER' && (
        <Badge size="xs" variant="filled" color="gray.8">
          {actor.type.toLowerCase()}
        </Badge>
      )}
    </>
  );
}

/**
 * The fields an entry changed, each with its value before and after (amounts in their currency). A creation lists
 * no fields: the record's page shows what it was made with.
 */
export function ActivityChanges({
  entry,
  currency,
}: {
  entry: ActivityEntry;
  /** The record's currency, for amounts that do not name theirs (a subscription's mandate). */
  currency?: string;
}): ReactElement | null {
  if (entry.fact === 'created' || entry.fact === 'deleted') return null;
  const changes = changesOf(entry);
  if (changes.length === 0) return null;
  return (
    <List size="xs" spacing={2} listStyleType="none" aria-label="Changed fields">
      {changes.slice(0, SHOWN).map((change) => (
        <List.Item key={change.path} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={600}>
            {change.path}
          </Text>
          : {showValue(change.path, change.before, currency)} → {showValue(change.path, change.after, currency)}
        </List.Item>
      ))}
      {changes.length > SHOWN && <List.Item>and {changes.length - SHOWN} more fields</List.Item>}
    </List>
  );
}
