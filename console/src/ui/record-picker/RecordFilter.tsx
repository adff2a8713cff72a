import type { FilterFieldProps, ListFilter } from '../list-page/list-filters';
import { RecordSelect } from './RecordSelect';
import { useMayList } from './record-options';
import { CUSTOMERS, type RecordSource } from './record-sources';

/** A filter naming one record of `source`, picked by its name; hidden from who may not list that kind. */
export function RecordFilter({ source, label, value, onChange }: FilterFieldProps & { source: RecordSource }) {
  if (!useMayList(source)) return null;
  return <RecordSelect source={source} label={label} value={value || undefined} onChange={onChange} />;
}

/** A list's `customerId` filter: the customer picked by its name (the operator's lists). */
export const CUSTOMER_FILTER: ListFilter = {
  name: 'customerId',
  label: 'Customer',
  kind: 'field',
  field: (props) => <RecordFilter source={CUSTOMERS} {...props} />,
};
