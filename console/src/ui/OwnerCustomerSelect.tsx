import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { isOperator, usePrincipal } from '../auth/principal';

/**
 * The customer a record belongs to, chosen by the operator (who acts for every customer); a customer's own token owns
 * what it writes, so it sees nothing here.
 */
export function OwnerCustomerSelect({
  value,
  onChange,
  error,
  label = 'Customer',
  required,
}: {
  value: string | undefined;
  onChange: (customerId: string | undefined) => void;
  error?: string;
  label?: string;
  required?: boolean;
}) {
  const principal = usePrincipal();
  const operator = isOperator(principal);
  const customers = useQuery({
    queryKey: ['customers', 'options'],
    queryFn: async () =>
      unwrap(
        await api.GET('/customers', { params: { query: { size: 500, sort: ['name,asc'], target: ['name'] } } }),
      ).items.map((customer) => ({ value: customer.id, label: customer.name ?? customer.id })),
    enabled: operator && Boolean(principal?.scopes.has('customers:read')),
    staleTime: 30_000,
  });
  if (!operator) return null;
  const data = [...(customers.data ?? [])];
  if (value && !data.some((option) => option.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={label}
      description="The operator acts for one customer at a time"
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchable
      clearable={!required}
      required={required}
      error={error}
      nothingFoundMessage={customers.isPending ? 'Loading customers…' : 'No customer matches'}
    />
  );
}
