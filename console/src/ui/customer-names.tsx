import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { isOperator, usePrincipal } from '../auth/principal';
import { AnchorLink } from './links';

export interface CustomerOption {
  value: string;
  label: string;
}

/**
 * The customers the operator acts for, by name (up to 500, the API's page): what pickers offer and what names a
 * customer id where one is shown. A customer's own token lists nothing here.
 */
export function useCustomerOptions() {
  const principal = usePrincipal();
  const operator = isOperator(principal);
  return useQuery({
    queryKey: ['customers', 'options'],
    queryFn: async (): Promise<CustomerOption[]> =>
      unwrap(
        await api.GET('/customers', { params: { query: { size: 500, sort: ['name,asc'], target: ['name'] } } }),
      ).items.map((customer) => ({ value: customer.id, label: customer.name ?? customer.id })),
    enabled: operator && Boolean(principal?.scopes.has('customers:read')),
    staleTime: 30_000,
  });
}

/** A customer by its name, linked to its page for the operator; its id where the name cannot be read. */
export function CustomerName({ customerId }: { customerId: string }) {
  const principal = usePrincipal();
  const options = useCustomerOptions();
  const name = options.data?.find((option) => option.value === customerId)?.label;
  if (!isOperator(principal)) return <>{principal?.customerId === customerId ? 'your company' : customerId}</>;
  return (
    // Underlined: it stands in a line of text, where colour alone would not tell it is a link.
    <AnchorLink to="/customers/$customerId" params={{ customerId }} underline="always">
      {name ?? customerId}
    </AnchorLink>
  );
}
