import { NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { IsoDateTimeInput } from '../../ui/DateTimeInput';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { LifetimeSelect } from '../../ui/LifetimeSelect';
import { CountriesMultiSelect } from '../../ui/place-pickers';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRICE_FUNCTIONS } from '../../ui/record-picker/record-sources';
import { StoresInput } from '../../ui/store-pickers';
import type { ProductDraft } from './product-draft';
import { CHOICE_FILTERS } from './product-filters';

type Change = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => void;
type TextKey =
  | 'genericName'
  | 'publisherRefId'
  | 'productFamily'
  | 'codeName'
  | 'catalogId'
  | 'fulfillmentTemplate'
  | 'subscriptionTemplate'
  | 'taxCode'
  | 'publisherProductId';

export const TEXTS: { field: TextKey; label: string; description?: string; required?: boolean }[] = [
  { field: 'genericName', label: 'Name' },
  {
    field: 'publisherRefId',
    label: 'Publisher reference',
    required: true,
    description: 'Unique among the customer’s products',
  },
  { field: 'productFamily', label: 'Product family' },
  { field: 'codeName', label: 'Code name' },
  { field: 'catalogId', label: 'Catalog id' },
  { field: 'publisherProductId', label: 'Publisher product id' },
  { field: 'fulfillmentTemplate', label: 'Fulfillment template' },
  { field: 'subscriptionTemplate', label: 'Subscription template' },
  { field: 'taxCode', label: 'Tax code' },
];

type ChoiceKey = 'type' | 'salesMode' | 'businessSegment';
export const CHOICES: { field: ChoiceKey; label: string; data: readonly string[] }[] = [
  { field: 'type', label: 'Type', data: CHOICE_FILTERS.type },
  { field: 'salesMode', label: 'Sales mode', data: CHOICE_FILTERS.salesMode },
  { field: 'businessSegment', label: 'Business segment', data: ['B2C', 'B2B', 'STRICT_B2C', 'STRICT_B2B'] },
];

type NumberKey = 'maxQuantityAllowed' | 'priority' | 'trialDuration';
export const NUMBERS: { field: NumberKey; label: string; min?: number }[] = [
  { field: 'maxQuantityAllowed', label: 'Maximum quantity per cart', min: 1 },
  { field: 'priority', label: 'Priority' },
  { field: 'trialDuration', label: 'Trial duration (days)', min: 0 },
];

export const SWITCHES: { field: 'physical' | 'trialAllowed' | 'gift'; label: string }[] = [
  { field: 'physical', label: 'Physical delivery' },
  { field: 'trialAllowed', label: 'Trial allowed' },
  { field: 'gift', label: 'Gift' },
];

/** The value a choice of `data` names, or none. */
const oneOf = <T extends string>(data: readonly string[], value: string | null) =>
  (data.find((candidate) => candidate === value) as T | undefined) ?? undefined;

/** The labels of the fields that are not in the lists above. */
export const OTHER_LABELS = {
  lifeTime: 'Lifetime',
  releaseDate: 'Release date',
  priceFunction: 'Price function',
  status: 'Status',
  sellingStores: 'Selling stores',
  blackListedCountries: 'Blacklisted countries',
} as const;

const orUndefined = (value: string) => (value === '' ? undefined : value);
const numberOrUndefined = (value: string | number) => (typeof value === 'number' ? value : undefined);

/** A product's own fields; `readOnly` for a principal without catalog:write. */
export function ProductDetailsForm({
  draft,
  change,
  errors,
  readOnly,
}: {
  draft: ProductDraft;
  change: Change;
  errors: FieldErrors;
  readOnly: boolean;
}): ReactElement {
  const shared = (field: keyof ProductDraft) => ({ readOnly, error: errorOn(errors, field) });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {TEXTS.map(({ field, label, description, required }) => (
        <TextInput
          key={field}
          {...shared(field)}
          label={label}
          description={description}
          required={required}
          value={draft[field] ?? ''}
          onChange={(event) =>
            change(field, required ? event.currentTarget.value : orUndefined(event.currentTarget.value))
          }
        />
      ))}
      <LifetimeSelect
        {...shared('lifeTime')}
        label={OTHER_LABELS.lifeTime}
        required
        value={draft.lifeTime}
        onChange={(value) => change('lifeTime', value ?? '')}
      />
      <IsoDateTimeInput
        {...shared('releaseDate')}
        label={OTHER_LABELS.releaseDate}
        value={draft.releaseDate}
        onChange={(value) => change('releaseDate', value)}
      />
      <RecordSelect
        {...shared('priceFunction')}
        source={PRICE_FUNCTIONS}
        label="Price function"
        description="Empty: the list prices apply"
        scope={{ customerId: draft.customerId }}
        value={draft.priceFunction}
        onChange={(value) => change('priceFunction', value)}
      />
      <Select
        {...shared('status')}
        label={OTHER_LABELS.status}
        data={[...CHOICE_FILTERS.status]}
        value={draft.status ?? 'ENABLED'}
        onChange={(value) => change('status', oneOf(CHOICE_FILTERS.status, value) ?? 'ENABLED')}
        allowDeselect={false}
      />
      {CHOICES.map(({ field, label, data }) => (
        <Select
          key={field}
          {...shared(field)}
          label={label}
          clearable
          data={[...data]}
          value={draft[field] ?? null}
          onChange={(value) => change(field, oneOf(data, value))}
        />
      ))}
      <StoresInput
        {...shared('sellingStores')}
        label={OTHER_LABELS.sellingStores}
        value={draft.sellingStores}
        onChange={(value) => change('sellingStores', value)}
      />
      <CountriesMultiSelect
        {...shared('blackListedCountries')}
        label={OTHER_LABELS.blackListedCountries}
        description="Countries where the product may not be sold"
        value={draft.blackListedCountries ?? []}
        onChange={(value) => change('blackListedCountries', value.length ? value : undefined)}
      />
      {NUMBERS.map(({ field, label, min }) => (
        <NumberInput
          key={field}
          {...shared(field)}
          label={label}
          min={min}
          allowDecimal={false}
          value={draft[field] ?? ''}
          onChange={(value) => change(field, numberOrUndefined(value))}
        />
      ))}
      {SWITCHES.map(({ field, label }) => (
        <Switch
          key={field}
          label={label}
          checked={draft[field] ?? false}
          onChange={(event) => change(field, event.currentTarget.checked)}
          disabled={readOnly}
          mt="lg"
        />
      ))}
    </SimpleGrid>
  );
}
