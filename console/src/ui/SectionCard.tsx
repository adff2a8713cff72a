import { Card, Group, Title } from '@mantine/core';
import { type ReactElement, type ReactNode, useId } from 'react';

/**
 * A titled part of a record's page: a bordered card that is a region named by its heading (a screen reader lists it
 * among the page's landmarks), with what belongs beside the heading (a link, a busy sign) at its right.
 */
export function SectionCard({
  title,
  aside,
  children,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const heading = useId();
  return (
    <Card withBorder component="section" aria-labelledby={heading}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={heading}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
