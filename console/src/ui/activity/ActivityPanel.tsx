import { Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { AnchorLink } from '../links';
import { NotLoaded } from '../NotLoaded';
import { SectionCard } from '../SectionCard';
import { ActivityChanges, ActorLabel, factLabel } from './ActivityChanges';
import { formatInstant } from './activity-changes';
import { useRecordActivity } from './record-activity';

/** How many of a record's changes its page lists; the Activity screen has them all. */
const PANEL_SIZE = 10;

/**
 * A record's changes on its page, newest first: what happened, who did it, when, and the fields it changed. `version`
 * is the record's dbVersion as the page shows it: a save, here or elsewhere, reads the changes again.
 */
export function ActivityPanel({
  recordId,
  version,
  currency,
}: {
  recordId: string;
  version?: number;
  currency?: string;
}): ReactElement {
  const activity = useRecordActivity(recordId, version);
  const entries = activity.data?.items.slice(0, PANEL_SIZE) ?? [];
  return (
    <SectionCard
      title="Activity"
      aside={
        <AnchorLink to="/activity" search={{ page: 0, size: 20, recordId }} size="sm">
          Every change in Activity
        </AnchorLink>
      }
    >
      {!activity.data || activity.error ? (
        <NotLoaded error={activity.error} label="Loading the activity" h={60} />
      ) : entries.length === 0 ? (
        <Text size="sm">No change of this record is kept (changes are kept 90 days by default).</Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          aria-label="Changes of this record"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {entries.map((entry) => (
            <li key={entry.id}>
              <Text size="sm">
                <Text span fw={700}>
                  {factLabel(entry.fact)}
                </Text>{' '}
                by <ActorLabel actor={entry.actor} /> · <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
              </Text>
              <ActivityChanges entry={entry} currency={currency} />
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
