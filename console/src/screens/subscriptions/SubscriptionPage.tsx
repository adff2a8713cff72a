import { Alert, Badge, Card, Code, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { AnchorLink } from '../../ui/links';
import { PrebilledOrder } from './PrebilledOrder';
import { usePrebilledOrderId } from './prebilled-order';
import { useProductNames } from './product-names';
import { SubscriptionActions } from './SubscriptionActions';
import { SubscriptionFields } from './SubscriptionFields';
import { SubscriptionLineItems } from './SubscriptionLineItems';
import { SubscriptionTimeline } from './SubscriptionTimeline';
import { STATUS_COLOURS } from './subscription-machine';
import { useSubscription } from './subscription-queries';

const route = getRouteApi('/app/subscriptions/$subscriptionId');

/** One subscription: its fields, its life cycle as a timeline, the actions its status allows, the order it pre-billed. */
export function SubscriptionPage(): ReactElement {
  const { subscriptionId } = route.useParams();
  const record = useSubscription(subscriptionId);
  const { orderId } = usePrebilledOrderId(subscriptionId);
  const productName = useProductNames(record.data?.customerId);

  if (record.isPending) return <Skeleton h={300} aria-label="Loading the subscription" />;
  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const subscription = record.data;
  const status = subscription.lifecycle?.status ?? 'ACTIVE';

  return (
    <Stack>
      <AnchorLink to="/subscriptions" search={{ page: 0, size: 20 }}>
        ← Subscriptions
      </AnchorLink>
      <Group>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {subscription.name ?? 'Subscription'}
        </Title>
        <Badge variant="light" color={STATUS_COLOURS[status]} size="lg" aria-label={`Status ${status}`}>
          {status}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Code>{subscription.id}</Code> · version {subscription.dbVersion}
      </Text>
      <SubscriptionActions subscription={subscription} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <SubscriptionFields subscription={subscription} />
          <ActivityPanel recordId={subscription.id} version={subscription.dbVersion} currency={subscription.currency} />
        </Stack>
        <Stack>
          <Card withBorder component="section" aria-labelledby="lifecycle-title">
            <Title order={2} size="h4" mb="md" id="lifecycle-title">
              Life cycle
            </Title>
            <SubscriptionTimeline subscription={subscription} />
          </Card>
          {orderId && <PrebilledOrder orderId={orderId} productName={productName} />}
          <SubscriptionLineItems title="Line items" items={subscription.products ?? []} productName={productName} />
          {subscription.nextProducts && subscription.nextProducts.length > 0 && (
            <SubscriptionLineItems
              title="Line items from the next term"
              items={subscription.nextProducts}
              productName={productName}
            />
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
