import { Code, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { CaptionedTable, WRAP_ANYWHERE } from '../../ui/CaptionedTable';
import { NotLoaded } from '../../ui/NotLoaded';
import { SectionCard } from '../../ui/SectionCard';
import { useOrder } from './subscription-queries';

const when = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The order a pre-billing created, as `GET /orders/{id}` answers it: the term it bills and its line items. */
export function PrebilledOrder({
  orderId,
  productName,
}: {
  orderId: string;
  productName: (id: string) => string;
}): ReactElement {
  const order = useOrder(orderId);
  return (
    <SectionCard title="Pre-billed order">
      {!order.data || order.error ? (
        <NotLoaded error={order.error} label="Loading the order" h={80} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Order <Code>{order.data.id}</Code> bills the term from {when(order.data.termStart)} to{' '}
            {when(order.data.termEnd)}
            {order.data.enduserId ? ` for ${order.data.enduserId}` : ''}.
          </Text>
          <CaptionedTable
            caption="Line items of the order"
            columns={[
              { header: 'Product', cell: (item) => productName(item.productId), style: WRAP_ANYWHERE },
              { header: 'Quantity', cell: (item) => item.quantity },
              { header: 'Line item', cell: (item) => <Code>{item.id}</Code>, style: WRAP_ANYWHERE },
            ]}
            rows={order.data.lineItems}
            rowKey={(item) => item.id}
          />
        </Stack>
      )}
    </SectionCard>
  );
}
