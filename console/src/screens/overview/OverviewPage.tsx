import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { isOperator, usePrincipal } from '../../auth/principal';
import { AnchorLink } from '../../ui/links';
import { FIGURES, type Figure, outboxBacklog } from './overview-figures';

function FigureCard({
  figure,
  value,
  loading,
  error,
}: {
  figure: Figure;
  value: number | undefined;
  loading: boolean;
  error: unknown;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {figure.to ? (
          <AnchorLink to={figure.to} inherit>
            {figure.label}
          </AnchorLink>
        ) : (
          figure.label
        )}
      </Text>
      {loading ? (
        <Skeleton h={32} mt={4} aria-label={`Counting ${figure.label}`} />
      ) : error ? (
        <Text size="sm" c="red">
          {plainWords(error)}
        </Text>
      ) : (
        <Text
          fz={28}
          fw={700}
          c={figure.alarming && value ? 'red.8' : undefined}
          aria-label={`${figure.label}: ${value}`}
        >
          {value}
        </Text>
      )}
    </Card>
  );
}

/** The start page: how much there is of each kind the principal may read, what needs attention, who is signed in. */
export function OverviewPage(): ReactElement {
  const principal = usePrincipal();
  const figures = FIGURES.filter(
    (figure) => principal?.scopes.has(figure.scope) && (!figure.operatorOnly || isOperator(principal)),
  );
  const counts = useQueries({
    queries: figures.map((figure) => ({ queryKey: ['overview', figure.label], queryFn: figure.count })),
  });
  const backlog = useQuery({
    queryKey: ['overview', 'backlog'],
    queryFn: outboxBacklog,
    enabled: isOperator(principal),
  });

  return (
    <Stack>
      <Title order={1}>Overview</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {figures.map((figure, index) => (
          <FigureCard
            key={figure.label}
            figure={figure}
            value={counts[index]?.data}
            loading={Boolean(counts[index]?.isPending)}
            error={counts[index]?.error}
          />
        ))}
        {isOperator(principal) && (
          <Card withBorder padding="md" radius="md">
            <Text size="sm" c="dimmed">
              Events waiting for dispatch
            </Text>
            <Text fz={28} fw={700}>
              {backlog.data ?? '–'}
            </Text>
          </Card>
        )}
      </SimpleGrid>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          Signed in
        </Title>
        <Text>
          {principal?.username} in realm <strong>{principal?.realm}</strong>
          {principal?.customerId ? ` (customer ${principal.customerId})` : ' (the platform operator)'}
        </Text>
        <Group gap={6} mt="xs" aria-label="Scopes">
          {[...(principal?.scopes ?? [])].sort().map((scope) => (
            <Badge key={scope} variant="outline" size="sm" tt="none">
              {scope}
            </Badge>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}
