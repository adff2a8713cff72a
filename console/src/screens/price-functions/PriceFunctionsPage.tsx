import { Button, Code, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { listingQuery } from '../../ui/list-search';
import { NewPriceFunctionModal } from './NewPriceFunctionModal';
import { priceFunctionListKey } from './price-function-queries';

type PriceFunction = Listed<'/price-functions'>;

const date = (value: string | undefined) => (value ? new Date(value).toLocaleString() : '');

const columns = (operator: boolean): Column<PriceFunction>[] => [
  {
    header: 'Expression',
    cell: (row) => <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.expression}</Code>,
  },
  { header: 'Parameters', cell: (row) => (row.parameters ?? []).map((parameter) => parameter.field).join(', ') },
  ...(operator ? [{ header: 'Customer', cell: (row: PriceFunction) => row.customerId ?? 'operator' }] : []),
  { header: 'Created', sortField: 'createDate', cell: (row) => date(row.createDate) },
  { header: 'Updated', sortField: 'updateDate', cell: (row) => date(row.updateDate) },
];

const filtersFor = (operator: boolean): ListFilter[] => [
  { name: 'name', label: 'Name (exact)', kind: 'text' },
  ...(operator ? [{ name: 'customerId', label: 'Customer id', kind: 'text' } as const] : []),
];

/** The price functions the principal may read, filtered, sorted and paged by the server. */
export function PriceFunctionsPage(): ReactElement {
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const [creating, { open, close }] = useDisclosure();
  return (
    <ListPage
      title="Price functions"
      listKey={priceFunctionListKey}
      fetchPage={async (search) =>
        unwrap(await api.GET('/price-functions', { params: { query: listingQuery(search) as never } }))
      }
      columns={columns(operator)}
      filters={filtersFor(operator)}
      rowName={(row) => row.name || row.id}
      link={(row) => linkOptions({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: row.id } })}
      actions={can('catalog:write') && <Button onClick={open}>New price function</Button>}
      intro={
        <Text c="dimmed" size="sm">
          A price function computes a product's price from its list price, the quantity and its parameters. A product
          uses the function its "price function" names.
        </Text>
      }
      noun="price function"
      emptyHint={can('catalog:write') ? 'Create one with "New price function".' : undefined}
    >
      <NewPriceFunctionModal opened={creating} onClose={close} />
    </ListPage>
  );
}
