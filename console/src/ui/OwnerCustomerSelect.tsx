import { isOperator, usePrincipal } from '../auth/principal';
import { RecordSelect } from './record-picker/RecordSelect';
import { CUSTOMERS } from './record-picker/record-sources';

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
  if (!isOperator(principal)) return null;
  return (
    <RecordSelect
      source={CUSTOMERS}
      label={label}
      description="The operator acts for one customer at a time"
      value={value}
      onChange={onChange}
      required={required}
      error={error}
    />
  );
}
