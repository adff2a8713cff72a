import type { ReactElement } from 'react';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { RecordFields } from '../../ui/RecordFields';
import { SectionCard } from '../../ui/SectionCard';
import type { Subscription } from './subscription-queries';
import { formatDate } from './subscription-timeline';

/** The model the subscription follows (linked when it is a stored one), its term and its trial. */
function ModelSummary({ subscription }: { subscription: Subscription }) {
  const model = subscription.model;
  return (
    <>
      {subscription.modelId ? (
        <AnchorLink to="/subscription-models/$modelId" params={{ modelId: subscription.modelId }}>
          {model?.name ?? 'its model'}
        </AnchorLink>
      ) : (
        (model?.name ?? 'inline')
      )}
      {model?.term ? ` · every ${model.term.value} ${model.term.unit.toLowerCase()}` : ''}
      {(model?.durationUntilTrialEnd ?? 0) > 0 ? ` · ${model?.durationUntilTrialEnd} days of trial` : ''}
    </>
  );
}

/** The subscription's own fields and its life cycle dates; fields it does not have are left out. */
export function SubscriptionFields({ subscription }: { subscription: Subscription }): ReactElement {
  const lifecycle = subscription.lifecycle ?? {};
  const text: [string, string | undefined][] = [
    ['End user', subscription.enduserId],
    ['Store', subscription.storeId],
    ['Currency', subscription.currency],
    ['External reference', subscription.externalRefId],
    ['Source', subscription.source],
    ['Initial order', subscription.initialOrderId],
    ['Layout', subscription.layoutName ?? subscription.layout],
  ];
  const dates: [string, number | undefined][] = [
    ['Created', lifecycle.creationDate ?? subscription.createDate],
    ['Updated', subscription.updateDate],
    ['Next billing', lifecycle.nextBillingDate],
    ['Anniversary', lifecycle.anniversaryDate],
    ['Expiration', lifecycle.expirationDate],
    ['Estimated expiration', lifecycle.estimatedExpirationDate],
    ['Pre-billed on', lifecycle.prebillingDate],
    ['Payment deadline', lifecycle.paymentDeadline],
  ];
  return (
    <SectionCard title="Details">
      <RecordFields
        labelWidth="45%"
        fields={[
          subscription.customerId !== undefined && {
            label: 'Customer',
            value: <CustomerName customerId={subscription.customerId} />,
          },
          { label: 'Model', value: <ModelSummary subscription={subscription} /> },
          ...text.filter(([, value]) => value).map(([label, value]) => ({ label, value })),
          { label: 'Generation', value: lifecycle.generation ?? 0 },
          lifecycle.daysBeforeAnniversary !== undefined && {
            label: 'Days before anniversary',
            value: lifecycle.daysBeforeAnniversary,
          },
          ...dates
            .filter(([, value]) => value !== undefined)
            .map(([label, value]) => ({ label, value: formatDate(value) })),
          subscription.upgradable !== undefined && {
            label: 'Upgradable',
            value: subscription.upgradable ? 'yes' : 'no',
          },
          subscription.imported === true && { label: 'Imported', value: 'yes' },
        ]}
      />
    </SectionCard>
  );
}
