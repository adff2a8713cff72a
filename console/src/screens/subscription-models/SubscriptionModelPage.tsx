import { Code, SimpleGrid } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { NotLoaded } from '../../ui/NotLoaded';
import { RecordFields } from '../../ui/RecordFields';
import { RecordPage } from '../../ui/RecordPage';
import { SectionCard } from '../../ui/SectionCard';
import { termLabel, useSubscriptionModel } from './model-queries';

const route = getRouteApi('/app/subscription-models/$modelId');

/** One model, as subscriptions copy it (the API changes no model once made), with its subscriptions and activity. */
export function SubscriptionModelPage(): ReactElement {
  const { modelId } = route.useParams();
  const model = useSubscriptionModel(modelId);
  if (!model.data || model.error)
    return <NotLoaded error={model.error} label="Loading the subscription model" h={200} />;
  const found = model.data;
  return (
    <RecordPage
      back="/subscription-models"
      backLabel="Subscription models"
      title={found.name ?? found.id}
      facts={[<Code key="id">{found.id}</Code>, 'a model is not changed once made: subscriptions keep a copy of it']}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SectionCard title="Details">
          <RecordFields
            fields={[
              { label: 'Term', value: termLabel(found.term) },
              {
                label: 'Trial',
                value: found.durationUntilTrialEnd
                  ? `${found.durationUntilTrialEnd} days: new subscriptions start in TRIAL`
                  : 'none',
              },
              {
                label: 'Customer',
                value: found.customerId ? (
                  <CustomerName customerId={found.customerId} />
                ) : (
                  "the platform's standard model"
                ),
              },
              found.createDate !== undefined && {
                label: 'Created',
                value: new Date(found.createDate).toLocaleString(),
              },
            ]}
          />
          <AnchorLink to="/subscriptions" search={{ page: 0, size: 20, modelId: found.id }} mt="sm" display="block">
            Subscriptions following this model
          </AnchorLink>
        </SectionCard>
        <ActivityPanel recordId={found.id} version={found.dbVersion} />
      </SimpleGrid>
    </RecordPage>
  );
}
