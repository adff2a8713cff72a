import { Alert, Skeleton, Text, Timeline } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { useRecordActivity } from '../../ui/activity/record-activity';
import type { Subscription } from './subscription-queries';
import { formatDate, timelineOf } from './subscription-timeline';

/**
 * The subscription's life cycle, oldest first, from its activity: every step is kept by the API, so a reload or another
 * person's page shows the same. The dates still to come are drawn after the line's active end.
 */
export function SubscriptionTimeline({ subscription }: { subscription: Subscription }): ReactElement {
  const activity = useRecordActivity(subscription.id, subscription.dbVersion);
  if (activity.isPending) return <Skeleton h={120} aria-label="Loading the life cycle" />;
  const entries = timelineOf(subscription, activity.data?.items ?? []);
  const reached = entries.filter((entry) => !entry.upcoming).length - 1;
  return (
    <>
      {activity.error && (
        <Alert color="orange" role="alert" mb="sm">
          The steps could not be read ({plainWords(activity.error)}): only the creation and the dates to come are shown.
        </Alert>
      )}
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
            {entry.amounts.length > 0 && (
              <Text size="sm" fw={600}>
                {entry.amounts.join(' · ')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <time dateTime={new Date(entry.at).toISOString()}>{formatDate(entry.at)}</time>
              {entry.by ? ` · by ${entry.by}` : ''}
              {entry.upcoming ? ' (to come)' : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </>
  );
}
