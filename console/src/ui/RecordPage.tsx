import { Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactElement, type ReactNode } from 'react';
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
 * it (status badges, links), the actions on the whole record at the right, a dimmed line of facts (its id, version,
 * owner… each left out when false or undefined, the rest separated by ·), then its content.
 */
export function RecordPage({
  back,
  backLabel,
  title,
  beside,
  actions,
  facts = [],
  children,
}: {
  back: ListPath;
  backLabel: string;
  title: ReactNode;
  beside?: ReactNode;
  actions?: ReactNode;
  facts?: ReactNode[];
  children: ReactNode;
}): ReactElement {
  const shown = facts.filter((fact) => fact !== false && fact !== undefined && fact !== null && fact !== '');
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
      {shown.length > 0 && (
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {shown.map((fact, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page lists its facts in one fixed order; none has an id.
            <Fragment key={index}>
              {index > 0 && ' · '}
              {fact}
            </Fragment>
          ))}
        </Text>
      )}
      {children}
    </Stack>
  );
}
