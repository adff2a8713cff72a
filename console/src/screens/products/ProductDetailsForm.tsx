import { NumberInput, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import type { ProductDraft } from './product-draft';
import { CHOICE_FILTERS } from './product-filters';

type Change = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => void;
type TextKey =
  | 'genericName'
  | 'publisherRefId'
  | 'lifeTime'
  | 'productFamily'
  | 'codeName'
  | 'catalogId'
  | 'fulfillmentTemplate'
  | 'subscriptionTemplate'
  | 'taxCode'
  | 'releaseDate'
  | 'publisherProductId';

const TEXTS: { field: TextKey; label: string; description?: string; required?: boolean }[] = [
  { field: 'genericName', label: 'Name' },
  {
    field: 'publisherRefId',
    label: 'Publisher reference',
    required: true,
    description: 'Unique among the customer’s products',
  },
  { field: 'lifeTime', label: 'Lifetime', required: true, description: '1MONTH, 12MONTH, YEAR, LIFETIME…' },
  { field: 'productFamily', label: 'Product family' },
  { field: 'codeName', label: 'Code name' },
  { field: 'catalogId', label: 'Catalog id' },
  { field: 'publisherProductId', label: 'Publisher product id' },
  { field: 'fulfillmentTemplate', label: 'Fulfillment template' },
  { field: 'subscriptionTemplate', label: 'Subscription template' },
  { field: 'taxCode', label: 'Tax code' },
  { field: 'releaseDate', label: 'Release date', description: 'RFC 3339, e.g. 2027-01-15T00:00:00Z' },
];

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
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {TEXTS.map(({ field, label, description, required }) => (
        <TextInput
          key={field}
          label={label}
          description={description}
          required={required}
          readOnly={readOnly}
          value={draft[field] ?? ''}
          onChange={(event) =>
            change(field, required ? event.currentTarget.value : orUndefined(event.currentTarget.value))
          }
          error={errorOn(errors, field)}
        />
      ))}
      <Select
        label="Status"
        data={[...CHOICE_FILTERS.status]}
        value={draft.status ?? 'ENABLED'}
        onChange={(value) => change('status', (value as ProductDraft['status']) ?? 'ENABLED')}
        allowDeselect={false}
        readOnly={readOnly}
        error={errorOn(errors, 'status')}
      />
      <Select
        label="Type"
        clearable
        data={[...CHOICE_FILTERS.type]}
        value={draft.type ?? null}
        onChange={(value) => change('type', (value as ProductDraft['type']) ?? undefined)}
        readOnly={readOnly}
        error={errorOn(errors, 'type')}
      />
      <Select
        label="Sales mode"
        clearable
        data={[...CHOICE_FILTERS.salesMode]}
        value={draft.salesMode ?? null}
        onChange={(value) => change('salesMode', (value as ProductDraft['salesMode']) ?? undefined)}
        readOnly={readOnly}
        error={errorOn(errors, 'salesMode')}
      />
      <Select
        label="Business segment"
        clearable
        data={['B2C', 'B2B', 'STRICT_B2C', 'STRICT_B2B']}
        value={draft.businessSegment ?? null}
        onChange={(value) => change('businessSegment', (value as ProductDraft['businessSegment']) ?? undefined)}
        readOnly={readOnly}
        error={errorOn(errors, 'businessSegment')}
      />
      <TagsInput
        label="Selling stores"
        description="Press Enter after each store id"
        value={draft.sellingStores}
        onChange={(value) => change('sellingStores', value)}
        readOnly={readOnly}
        error={errorOn(errors, 'sellingStores')}
      />
      <TagsInput
        label="Blacklisted countries"
        description="ISO codes (FR, US…)"
        value={draft.blackListedCountries ?? []}
        onChange={(value) =>
          change('blackListedCountries', value.length ? value.map((code) => code.toUpperCase()) : undefined)
        }
        readOnly={readOnly}
        error={errorOn(errors, 'blackListedCountries')}
      />
      <NumberInput
        label="Maximum quantity per cart"
        min={1}
        allowDecimal={false}
        value={draft.maxQuantityAllowed ?? ''}
        onChange={(value) => change('maxQuantityAllowed', numberOrUndefined(value))}
        readOnly={readOnly}
        error={errorOn(errors, 'maxQuantityAllowed')}
      />
      <NumberInput
        label="Priority"
        allowDecimal={false}
        value={draft.priority ?? ''}
        onChange={(value) => change('priority', numberOrUndefined(value))}
        readOnly={readOnly}
        error={errorOn(errors, 'priority')}
      />
      <NumberInput
        label="Trial duration (days)"
        min={0}
        allowDecimal={false}
        value={draft.trialDuration ?? ''}
        onChange={(value) => change('trialDuration', numberOrUndefined(value))}
        readOnly={readOnly}
        error={errorOn(errors, 'trialDuration')}
      />
      <Switch
        label="Physical delivery"
        checked={draft.physical ?? false}
        onChange={(event) => change('physical', event.currentTarget.checked)}
        disabled={readOnly}
        mt="lg"
      />
      <Switch
        label="Trial allowed"
        checked={draft.trialAllowed ?? false}
        onChange={(event) => change('trialAllowed', event.currentTarget.checked)}
        disabled={readOnly}
        mt="lg"
      />
      <Switch
        label="Gift"
        checked={draft.gift ?? false}
        onChange={(event) => change('gift', event.currentTarget.checked)}
        disabled={readOnly}
        mt="lg"
      />
    </SimpleGrid>
  );
}
