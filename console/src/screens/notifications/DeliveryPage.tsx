import {
  Accordion,
  Alert,
  Badge,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { AnchorLink } from '../../ui/links';
import { AttemptsCard } from './AttemptsCard';
import { DeliverAgainButton } from './DeliverAgainButton';
import { pretty, statusColor, when } from './delivery-format';
import { keys, nameOf, useDefinitionOptions, useReceiverOptions } from './notification-queries';

const route = getRouteApi('/app/notifications/$notificationId');
type Delivery = Schemas['Notification'];

/** Long lines wrap: a block that scrolled sideways would need its own keyboard focus. */
const WRAPPED = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function TriesCard({ delivery }: { delivery: Delivery }) {
  return (
    <Card withBorder component="section" aria-labelledby="tries-title">
      <Title order={2} size="h4" id="tries-title" mb="sm">
        Tries
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <Fact label="Tries made">{delivery.retryCount}</Fact>
        <Fact label="Retries left">{delivery.retryLeft}</Fact>
        <Fact label="Last try">{when(delivery.lastTryTimestamp)}</Fact>
        <Fact label="Next try">{when(delivery.nextTryTimestamp)}</Fact>
      </SimpleGrid>
      <Title order={3} size="h5" mb="xs">
        Errors ({delivery.errors.length})
      </Title>
      {delivery.errors.length === 0 ? (
        <Text size="sm">No try has failed.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...delivery.errors].reverse().map((entry, index) => (
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {new Date(entry.timestamp * 1000).toLocaleString()}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{entry.error}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The web hook's body as sent and the receiver's answer to the last try; the e-mail as sent; the event as read. */
function ExchangeCard({ delivery }: { delivery: Delivery }) {
  return (
    <Card withBorder component="section" aria-labelledby="exchange-title">
      <Title order={2} size="h4" id="exchange-title" mb="xs">
        Request and response
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The body is the same on every try (rendered once); the answer is the last try's.
      </Text>
      <Accordion multiple variant="separated" defaultValue={['request', 'response']}>
        <Accordion.Item value="request">
          <Accordion.Control>Web hook request body</Accordion.Control>
          <Accordion.Panel>
            {delivery.webHookPayload ? (
              <Code block style={WRAPPED}>
                {pretty(delivery.webHookPayload)}
              </Code>
            ) : (
              <Text size="sm">No web hook was sent yet.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="response">
          <Accordion.Control>Receiver's response</Accordion.Control>
          <Accordion.Panel>
            {delivery.webHookResponse ? (
              <Code block style={WRAPPED}>
                {delivery.webHookResponse}
              </Code>
            ) : (
              <Text size="sm">No answer recorded.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
        {(delivery.emails?.length ?? 0) > 0 && (
          <Accordion.Item value="mail">
            <Accordion.Control>E-mail to {delivery.emails?.join(', ')}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" fw={600}>
                {delivery.mailSubject ?? 'Not sent yet'}
              </Text>
              {delivery.mailBody && (
                <Code block style={WRAPPED}>
                  {delivery.mailBody}
                </Code>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="event">
          <Accordion.Control>The event</Accordion.Control>
          <Accordion.Panel>
            <Code block style={WRAPPED}>
              {JSON.stringify(delivery.processedEvent ?? {}, null, 2)}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Card>
  );
}

/** One processing record of the delivery log: its tries, errors, request and response, and "deliver again". */
export function DeliveryPage(): ReactElement {
  const { notificationId } = route.useParams();
  const can = useCan();
  const definitions = useDefinitionOptions();
  const receivers = useReceiverOptions();
  const [waiting, setWaiting] = useState(false);
  const onWaiting = useCallback((value: boolean) => setWaiting(value), []);
  const record = useQuery({
    queryKey: [...keys.deliveries, notificationId],
    queryFn: async () => unwrap(await api.GET('/notifications/{id}', { params: { path: { id: notificationId } } })),
    // While a try is awaited, follow the record closely; otherwise now and then (the workers move it on).
    refetchInterval: waiting ? 500 : 10_000,
  });

  if (record.isPending) return <Skeleton h={300} aria-label="Loading the delivery" />;
  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const delivery = record.data;

  return (
    <Stack>
      <AnchorLink to="/notifications" search={{ page: 0, size: 20 }}>
        ← Delivery log
      </AnchorLink>
      <Group justify="space-between" wrap="wrap">
        <Group>
          <Title order={1}>Delivery</Title>
          <Badge variant="dot" color={statusColor(delivery.status)} size="lg">
            {delivery.status}
          </Badge>
        </Group>
        {can('notifications:write') && <DeliverAgainButton delivery={delivery} onWaiting={onWaiting} />}
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Fact label="Event">
            <Code>{`${delivery.eventSubject ?? ''} ${delivery.eventFact ?? ''}`}</Code>
          </Fact>
          <Fact label="Main object">{delivery.eventMainObjectId}</Fact>
          <Fact label="Created">{new Date(delivery.createDate).toLocaleString()}</Fact>
          <Fact label="Definition">
            <AnchorLink
              to="/notification-definitions/$definitionId"
              params={{ definitionId: delivery.notificationDefinitionId }}
            >
              {nameOf(definitions.data, delivery.notificationDefinitionId)}
            </AnchorLink>
          </Fact>
          <Fact label="Receiver">
            <AnchorLink
              to="/notification-receivers/$receiverId"
              params={{ receiverId: delivery.notificationReceiverId }}
            >
              {nameOf(receivers.data, delivery.notificationReceiverId)}
            </AnchorLink>
          </Fact>
          <Fact label="Web hook id">
            <Code>{delivery.id}</Code>
          </Fact>
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <TriesCard delivery={delivery} />
        <ExchangeCard delivery={delivery} />
      </SimpleGrid>
      <AttemptsCard notificationId={notificationId} refetchInterval={waiting ? 500 : 10_000} />
    </Stack>
  );
}
