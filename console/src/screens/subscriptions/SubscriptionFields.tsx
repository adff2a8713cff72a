import { Card, Table, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import type { Subscription } from './subscription-queries';
import { formatDate } from './subscription-timeline';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="45%">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The subscription's own fields and its life cycle dates; fields it does not have are left out. */
export function SubscriptionFields({ subscription }: { subscription: Subscription }): ReactElement {
  const lifecycle = subscription.lifecycle ?? {};
  const model = subscription.model;
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
    <Card withBorder component="section" aria-labelledby="subscription-fields-title">
      <Title order={2} size="h4" mb="sm" id="subscription-fields-title">
        Details
      </Title>
      <Table>
        <Table.Tbody>
          {subscription.customerId && (
            <Row label="Customer">
              <CustomerName customerId={subscription.customerId} />
            </Row>
          )}
          <Row label="Model">
            {subscription.modelId ? (
              <AnchorLink to="/subscription-models/$modelId" params={{ modelId: subscription.modelId }}>
                {model?.name ?? 'its model'}
              </AnchorLink>
            ) : (
              (model?.name ?? 'inline')
            )}
            {model?.term ? ` · every ${model.term.value} ${model.term.unit.toLowerCase()}` : ''}
            {(model?.durationUntilTrialEnd ?? 0) > 0 ? ` · ${model?.durationUntilTrialEnd} days of trial` : ''}
          </Row>
          {text
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Row key={label} label={label}>
                {value}
              </Row>
            ))}
          <Row label="Generation">{lifecycle.generation ?? 0}</Row>
          {lifecycle.daysBeforeAnniversary !== undefined && (
            <Row label="Days before anniversary">{lifecycle.daysBeforeAnniversary}</Row>
          )}
          {dates
            .filter(([, value]) => value !== undefined)
            .map(([label, value]) => (
              <Row key={label} label={label}>
                {formatDate(value)}
              </Row>
            ))}
          {subscription.upgradable !== undefined && (
            <Row label="Upgradable">{subscription.upgradable ? 'yes' : 'no'}</Row>
          )}
          {subscription.imported && <Row label="Imported">yes</Row>}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
