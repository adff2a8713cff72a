import { Accordion, Badge, Card, Code, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useCallback, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { CaptionedTable, ONE_LINE, type TableColumn, WRAP_ANYWHERE } from '../../ui/CaptionedTable';
import { NotLoaded } from '../../ui/NotLoaded';
import { RecordFields } from '../../ui/RecordFields';
import { RecordPage } from '../../ui/RecordPage';
import { RecordName } from '../../ui/record-picker/RecordName';
import { NOTIFICATION_DEFINITIONS, NOTIFICATION_RECEIVERS } from '../../ui/record-picker/record-sources';
import { SectionCard } from '../../ui/SectionCard';
import { AttemptsCard } from './AttemptsCard';
import { DeliverAgainButton } from './DeliverAgainButton';
import { pretty, statusColor, when } from './delivery-format';
import { keys } from './notification-queries';

const route = getRouteApi('/app/notifications/$notificationId');
type Delivery = Schemas['Notification'];

const ERROR_COLUMNS: TableColumn<Delivery['errors'][number]>[] = [
  { header: 'When', cell: (entry) => new Date(entry.timestamp * 1000).toLocaleString(), style: ONE_LINE },
  { header: 'Error', cell: (entry) => entry.error, style: WRAP_ANYWHERE },
];

/** Long lines wrap: a block that scrolled sideways would need its own keyboard focus. */
const WRAPPED = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function TriesCard({ delivery }: { delivery: Delivery }) {
  return (
    <SectionCard title="Tries">
      <RecordFields
        fields={[
          { label: 'Tries made', value: delivery.retryCount },
          { label: 'Retries left', value: delivery.retryLeft },
          { label: 'Last try', value: when(delivery.lastTryTimestamp) },
          { label: 'Next try', value: when(delivery.nextTryTimestamp) },
        ]}
      />
      <Title order={3} size="h5" mt="md" mb="xs">
        Errors ({delivery.errors.length})
      </Title>
      <CaptionedTable
        caption="Failed tries, newest first"
        columns={ERROR_COLUMNS}
        rows={[...delivery.errors].reverse()}
        rowKey={(entry, index) => `${index}:${entry.timestamp}`}
        empty={<Text size="sm">No try has failed.</Text>}
      />
    </SectionCard>
  );
}

/** The web hook's body as sent and the receiver's answer to the last try; the e-mail as sent; the event as read. */
function ExchangeCard({ delivery }: { delivery: Delivery }) {
  return (
    <SectionCard title="Request and response">
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
    </SectionCard>
  );
}

/** One processing record of the delivery log: its tries, errors, request and response, and "deliver again". */
export function DeliveryPage(): ReactElement {
  const { notificationId } = route.useParams();
  const can = useCan();
  const [waiting, setWaiting] = useState(false);
  const onWaiting = useCallback((value: boolean) => setWaiting(value), []);
  const record = useQuery({
    queryKey: [...keys.deliveries, notificationId],
    queryFn: async () => unwrap(await api.GET('/notifications/{id}', { params: { path: { id: notificationId } } })),
    // While a try is awaited, follow the record closely; otherwise now and then (the workers move it on).
    refetchInterval: waiting ? 500 : 10_000,
  });

  if (!record.data || record.error) return <NotLoaded error={record.error} label="Loading the delivery" />;
  const delivery = record.data;

  return (
    <RecordPage
      back="/notifications"
      backLabel="Delivery log"
      title="Delivery"
      beside={
        <Badge variant="dot" color={statusColor(delivery.status)} size="lg">
          {delivery.status}
        </Badge>
      }
      actions={can('notifications:write') && <DeliverAgainButton delivery={delivery} onWaiting={onWaiting} />}
    >
      <Card withBorder>
        <RecordFields
          labelWidth="30%"
          fields={[
            { label: 'Event', value: <Code>{`${delivery.eventSubject ?? ''} ${delivery.eventFact ?? ''}`}</Code> },
            { label: 'Main object', value: delivery.eventMainObjectId },
            { label: 'Created', value: new Date(delivery.createDate).toLocaleString() },
            {
              label: 'Definition',
              value: <RecordName source={NOTIFICATION_DEFINITIONS} id={delivery.notificationDefinitionId} />,
            },
            {
              label: 'Receiver',
              value: <RecordName source={NOTIFICATION_RECEIVERS} id={delivery.notificationReceiverId} />,
            },
            { label: 'Web hook id', value: <Code>{delivery.id}</Code> },
          ]}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <TriesCard delivery={delivery} />
        <ExchangeCard delivery={delivery} />
      </SimpleGrid>
      <AttemptsCard notificationId={notificationId} refetchInterval={waiting ? 500 : 10_000} />
    </RecordPage>
  );
}
