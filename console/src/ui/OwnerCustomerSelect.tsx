import { Select } from '@mantine/core';
import { isOperator, usePrincipal } from '../auth/principal';
import { useCustomerOptions } from './customer-names';

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
  const customers = useCustomerOptions();
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
