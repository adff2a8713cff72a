import { isOperator, usePrincipal } from '../auth/principal';
import { RecordName } from './record-picker/RecordName';
import { CUSTOMERS } from './record-picker/record-sources';

/** A customer by its name, linked to its page for the operator; a customer's own users read "your company". */
export function CustomerName({ customerId }: { customerId: string }) {
  const principal = usePrincipal();
  if (!isOperator(principal)) return <>{principal?.customerId === customerId ? 'your company' : customerId}</>;
  // Underlined: it stands in a line of text, where colour alone would not tell it is a link.
  return <RecordName source={CUSTOMERS} id={customerId} underline="always" />;
}
