import { NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { IsoDateTimeInput } from '../../ui/DateTimeInput';
import { draftFields } from '../../ui/draft-fields';
import type { FieldErrors } from '../../ui/field-errors';
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
export const CHOICES: { field: ChoiceKey; label: string; data: readonly NonNullable<ProductDraft[ChoiceKey]>[] }[] = [
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

/** The labels of the fields that are not in the lists above. */
export const OTHER_LABELS = {
  lifeTime: 'Lifetime',
  releaseDate: 'Release date',
  priceFunction: 'Price function',
  status: 'Status',
  sellingStores: 'Selling stores',
  blackListedCountries: 'Blacklisted countries',
} as const;

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
  const update = (patch: Partial<ProductDraft>) => {
    for (const [field, value] of Object.entries(patch)) change(field as keyof ProductDraft, value);
  };
  const fields = draftFields({ draft, update, errors, readOnly });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {TEXTS.map(({ field, label, description, required }) => (
        <TextInput
          key={field}
          label={label}
          description={description}
          required={required}
          // A field the API does not require is left out while empty.
          {...(required ? fields.text(field) : fields.optionalText(field))}
        />
      ))}
      <LifetimeSelect
        label={OTHER_LABELS.lifeTime}
        required
        {...fields.value('lifeTime')}
        onChange={(value) => change('lifeTime', value ?? '')}
      />
      <IsoDateTimeInput label={OTHER_LABELS.releaseDate} {...fields.value('releaseDate')} />
      <RecordSelect
        source={PRICE_FUNCTIONS}
        label="Price function"
        description="Empty: the list prices apply"
        scope={{ customerId: draft.customerId }}
        {...fields.value('priceFunction')}
      />
      <Select
        label={OTHER_LABELS.status}
        data={[...CHOICE_FILTERS.status]}
        {...fields.choice('status', CHOICE_FILTERS.status, 'ENABLED')}
        allowDeselect={false}
      />
      {CHOICES.map(({ field, label, data }) => (
        <Select key={field} label={label} clearable data={[...data]} {...fields.choice(field, data)} />
      ))}
      <StoresInput label={OTHER_LABELS.sellingStores} {...fields.value('sellingStores')} />
      <CountriesMultiSelect
        label={OTHER_LABELS.blackListedCountries}
        description="Countries where the product may not be sold"
        value={draft.blackListedCountries ?? []}
        onChange={(value) => change('blackListedCountries', value.length ? value : undefined)}
        error={fields.error('blackListedCountries')}
        readOnly={readOnly}
      />
      {NUMBERS.map(({ field, label, min }) => (
        <NumberInput key={field} label={label} min={min} allowDecimal={false} {...fields.number(field)} />
      ))}
      {SWITCHES.map(({ field, label }) => (
        <Switch key={field} label={label} {...fields.checked(field)} mt="lg" />
      ))}
    </SimpleGrid>
  );
}
