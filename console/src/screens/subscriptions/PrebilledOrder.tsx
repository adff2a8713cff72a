import { Alert, Card, Code, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
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
    <Card withBorder component="section" aria-labelledby="prebilled-order-title">
      <Title order={2} size="h4" mb="sm" id="prebilled-order-title">
        Pre-billed order
      </Title>
      {order.isPending ? (
        <Skeleton h={80} aria-label="Loading the order" />
      ) : order.error ? (
        <Alert color="red" role="alert">
          {plainWords(order.error)}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Order <Code>{order.data.id}</Code> bills the term from {when(order.data.termStart)} to{' '}
            {when(order.data.termEnd)}
            {order.data.enduserId ? ` for ${order.data.enduserId}` : ''}.
          </Text>
          <Table mt="sm" layout="fixed">
            <Table.Caption>Line items of the order</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>Line item</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.data.lineItems.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{productName(item.productId)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.quantity}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Code>{item.id}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}
