import { Text, Timeline } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Subscription } from './subscription-queries';
import { formatDate, type ObservedChange, timelineOf } from './subscription-timeline';

/** The subscription's life cycle, oldest first; the dates still to come are drawn after the line's active end. */
export function SubscriptionTimeline({
  subscription,
  changes,
}: {
  subscription: Subscription;
  changes: readonly ObservedChange[];
}): ReactElement {
  const entries = timelineOf(subscription, changes);
  const reached = entries.filter((entry) => !entry.upcoming).length - 1;
  return (
    <Timeline
      active={reached}
      bulletSize={16}
      lineWidth={2}
      aria-label="Life cycle"
      component="ol"
      style={{ listStyleType: 'none', margin: 0 }}
    >
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.key}
          title={entry.title}
          component="li"
          lineVariant={entry.upcoming ? 'dashed' : 'solid'}
        >
          <Text size="sm">{entry.detail}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={new Date(entry.at).toISOString()}>{formatDate(entry.at)}</time>
            {entry.upcoming ? ' (to come)' : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
