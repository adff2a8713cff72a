import { Accordion, Badge, Card, Code, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { keys } from './notification-queries';

type Attempt = Schemas['NotificationAttempt'];

/** Attempts shown per page of the inspector. */
const PAGE_SIZE = 10;

/** Long lines wrap: a block that scrolled sideways would need its own keyboard focus. */
const WRAPPED = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

const outcomeColor = (attempt: Attempt) =>
  attempt.error === undefined ? 'teal' : attempt.statusCode !== undefined ? 'orange' : 'red';

function AttemptDetail({ attempt }: { attempt: Attempt }) {
  const headers = Object.entries(attempt.responseHeaders ?? {});
  return (
    <Stack gap="xs">
      {attempt.url && (
        <Text size="sm">
          Posted to <Code>{attempt.url}</Code>
        </Text>
      )}
      {attempt.emails && <Text size="sm">Mailed to {attempt.emails.join(', ')}</Text>}
      {attempt.error && (
        <Text size="sm" c="red.8">
          {attempt.error}
        </Text>
      )}
      {headers.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={`Answer headers of try ${attempt.try}`}>
            <Table.Tbody>
              {headers.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td>
                    <Code>{name}</Code>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {attempt.responseBody !== undefined && (
        <Code block style={WRAPPED} aria-label={`Answer body of try ${attempt.try}`}>
          {attempt.responseBody || '(empty body)'}
        </Code>
      )}
    </Stack>
  );
}

/**
 * Every try of a delivery, oldest first (`GET /notifications/{id}/attempts`): when, how long, the receiver's status,
 * and, opened, its answer's headers and first 4 KB. The record itself keeps only the last try.
 */
export function AttemptsCard({ notificationId, refetchInterval }: { notificationId: string; refetchInterval: number }) {
  const [page, setPage] = useState(0);
  const attempts = useQuery({
    queryKey: [...keys.deliveries, notificationId, 'attempts', page],
    placeholderData: keepPreviousData,
    refetchInterval,
    queryFn: async () =>
      unwrap(
        await api.GET('/notifications/{id}/attempts', {
          params: { path: { id: notificationId }, query: { page, size: PAGE_SIZE } },
        }),
      ),
  });
  let content: ReactElement;
  if (attempts.isPending) content = <Skeleton h={80} aria-label="Loading the tries" />;
  else if (attempts.error) content = <Text c="red.8">{plainWords(attempts.error)}</Text>;
  else if (attempts.data.items.length === 0) content = <Text size="sm">Not tried yet.</Text>;
  else
    content = (
      <Accordion variant="separated" multiple>
        {attempts.data.items.map((attempt) => (
          <Accordion.Item key={attempt.try} value={String(attempt.try)}>
            <Accordion.Control>
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={700}>
                  Try {attempt.try}
                </Text>
                <Badge variant="light" color={outcomeColor(attempt)}>
                  {attempt.statusCode ?? (attempt.error === undefined ? 'sent' : 'no answer')}
                </Badge>
                <Text size="sm">{new Date(attempt.at).toLocaleString()}</Text>
                <Text size="sm" c="dimmed">
                  {attempt.durationMs} ms
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <AttemptDetail attempt={attempt} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  return (
    <Card withBorder component="section" aria-labelledby="attempts-title">
      <Title order={2} size="h4" id="attempts-title" mb="sm">
        Every try{attempts.data ? ` (${attempts.data.totalItems})` : ''}
      </Title>
      {content}
      {(attempts.data?.totalPages ?? 0) > 1 && (
        <Pagination
          mt="sm"
          total={attempts.data!.totalPages}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          getControlProps={(control) => ({ 'aria-label': `${control} page of tries` })}
        />
      )}
    </Card>
  );
}
