import { Badge, Code, SimpleGrid, Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { NotLoaded } from '../../ui/NotLoaded';
import { RecordPage } from '../../ui/RecordPage';
import { SectionCard } from '../../ui/SectionCard';
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

  if (!record.data || record.error) return <NotLoaded error={record.error} label="Loading the subscription" />;
  const subscription = record.data;
  const status = subscription.lifecycle?.status ?? 'ACTIVE';

  return (
    <RecordPage
      back="/subscriptions"
      backLabel="Subscriptions"
      title={subscription.name ?? 'Subscription'}
      beside={
        <Badge variant="light" color={STATUS_COLOURS[status]} size="lg" aria-label={`Status ${status}`}>
          {status}
        </Badge>
      }
      facts={[<Code key="id">{subscription.id}</Code>, `version ${subscription.dbVersion}`]}
    >
      <SubscriptionActions subscription={subscription} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <SubscriptionFields subscription={subscription} />
          <ActivityPanel recordId={subscription.id} version={subscription.dbVersion} currency={subscription.currency} />
        </Stack>
        <Stack>
          <SectionCard title="Life cycle">
            <SubscriptionTimeline subscription={subscription} />
          </SectionCard>
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
    </RecordPage>
  );
}
