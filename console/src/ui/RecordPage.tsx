import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { AnchorLink } from './links';

/** The lists a record page leads back to. */
type ListPath =
  | '/customers'
  | '/company-terms'
  | '/notification-definitions'
  | '/notification-receivers'
  | '/notifications'
  | '/product-sale-records'
  | '/products/imports'
  | '/recommendation-rules'
  | '/subscription-models'
  | '/subscriptions'
  | '/terms';

/**
 * The page of one record: the way back to its list (on its first page), its title with what it is at a glance beside
 * it (status badges, links), the actions on the whole record at the right, a dimmed line of facts, then its content.
 */
export function RecordPage({
  back,
  backLabel,
  title,
  beside,
  actions,
  summary,
  children,
}: {
  back: ListPath;
  backLabel: string;
  title: ReactNode;
  beside?: ReactNode;
  actions?: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <Stack>
      <AnchorLink to={back} search={{ page: 0, size: 20 }}>
        {`← ${backLabel}`}
      </AnchorLink>
      <Group justify="space-between" wrap="wrap">
        <Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {beside}
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {summary && (
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {summary}
        </Text>
      )}
      {children}
    </Stack>
  );
}
