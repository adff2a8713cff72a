import type { ReactElement } from 'react';
import { IsoDateTimeInput } from '../../ui/DateTimeInput';
import { LifetimeSelect } from '../../ui/LifetimeSelect';
import type { FilterFieldProps } from '../../ui/list-page/list-filters';
import { CountriesMultiSelect } from '../../ui/place-pickers';
import { RecordFilter } from '../../ui/record-picker/RecordFilter';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { CUSTOMERS, DESCRIPTIONS, PRICE_FUNCTIONS, PRODUCTS } from '../../ui/record-picker/record-sources';
import { StoresInput } from '../../ui/store-pickers';

/** A comma list of the URL as the values of a multiple picker, and back. */
const list = (value: string) => value.split(',').filter(Boolean);
const joined = (values: string[]) => values.join(',') || undefined;

/** The filters of `GET /products` that name something: picked rather than typed. */
export const PRODUCT_FILTER_FIELDS: Record<string, (props: FilterFieldProps) => ReactElement | null> = {
  customerId: (props) => <RecordFilter source={CUSTOMERS} {...props} />,
  parentId: (props) => <RecordFilter source={PRODUCTS} {...props} />,
  priceFunction: (props) => <RecordFilter source={PRICE_FUNCTIONS} {...props} />,
  descriptionId: (props) => <RecordFilter source={DESCRIPTIONS} {...props} />,
  nextGenerationOf: ({ label, value, onChange }) => (
    <RecordMultiSelect source={PRODUCTS} label={label} value={list(value)} onChange={(ids) => onChange(joined(ids))} />
  ),
  lifeTime: ({ label, value, onChange }) => (
    <LifetimeSelect label={label} description="" value={value || undefined} onChange={onChange} />
  ),
  releaseDate: ({ label, value, onChange }) => (
    <IsoDateTimeInput label={label} value={value || undefined} onChange={onChange} />
  ),
  sellingStores: ({ label, value, onChange }) => (
    <StoresInput label={label} description="" value={list(value)} onChange={(stores) => onChange(joined(stores))} />
  ),
  blackListedCountries: ({ label, value, onChange }) => (
    <CountriesMultiSelect label={label} value={list(value)} onChange={(codes) => onChange(joined(codes))} />
  ),
};
