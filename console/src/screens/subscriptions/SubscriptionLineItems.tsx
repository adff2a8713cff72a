import { Card, Code, Table, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Schemas } from '../../api/client';

type LineItem = Schemas['SubscriptionProduct'];

/** The line items a subscription bills now, or (nextProducts) from its next term. */
export function SubscriptionLineItems({
  title,
  items,
  productName,
}: {
  title: string;
  items: LineItem[];
  productName: (id: string) => string;
}): ReactElement {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <Table layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Line item</Table.Th>
              <Table.Th>Replaces</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={item.lineItemId ?? index}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{productName(item.id)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {item.lineItemId ? <Code>{item.lineItemId}</Code> : '—'}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {item.previousLineItemId ? <Code>{item.previousLineItemId}</Code> : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
