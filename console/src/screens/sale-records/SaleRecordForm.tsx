import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { PriceGrid } from '../products/PriceGrid';
import type { SaleRecordDraft } from './sale-record-draft';

interface Props {
  draft: SaleRecordDraft;
  update: (patch: Partial<SaleRecordDraft>) => void;
  errors: FieldErrors;
  readOnly: boolean;
  creating: boolean;
}

const text = (value: string) => (value.trim() === '' ? undefined : value);

/** A sale record's fields: the product sold (picked by name), its status, stores, trial, templates and price grid. */
export function SaleRecordForm({ draft, update, errors, readOnly, creating }: Props): ReactElement {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>
        {creating && (
          <OwnerCustomerSelect
            label="For customer"
            value={draft.customerId}
            onChange={(customerId) => update({ customerId, productId: '' })}
            error={errorOn(errors, 'customerId')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RecordSelect
            source={PRODUCTS}
            label="Product"
            required
            scope={draft.customerId ? { customerId: draft.customerId } : {}}
            value={draft.productId || undefined}
            onChange={(productId) => update({ productId: productId ?? '' })}
            error={errorOn(errors, 'productId')}
          />
          <Select
            label="Status"
            allowDeselect={false}
            data={['ENABLED', 'DISABLED']}
            value={draft.status ?? 'ENABLED'}
            onChange={(status) => update({ status: status === 'DISABLED' ? 'DISABLED' : 'ENABLED' })}
            error={errorOn(errors, 'status')}
          />
        </SimpleGrid>
        <TagsInput
          label="Selling stores"
          description="Type a store id and press Enter"
          value={draft.sellingStores ?? []}
          onChange={(sellingStores) => update({ sellingStores })}
          error={errorOn(errors, 'sellingStores')}
        />
        <Group>
          <Checkbox
            label="Trial allowed"
            checked={Boolean(draft.trialAllowed)}
            onChange={(event) => update({ trialAllowed: event.currentTarget.checked })}
          />
          <Checkbox
            label="Paid trial"
            checked={Boolean(draft.paidTrial)}
            onChange={(event) => update({ paidTrial: event.currentTarget.checked })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Trial (days)"
            min={0}
            max={3650}
            allowDecimal={false}
            value={draft.trialDuration ?? ''}
            onChange={(value) => update({ trialDuration: value === '' ? undefined : Number(value) })}
            error={errorOn(errors, 'trialDuration')}
          />
          <TextInput
            label="Catalogue id"
            value={draft.catalogId ?? ''}
            onChange={(event) => update({ catalogId: text(event.currentTarget.value) })}
            error={errorOn(errors, 'catalogId')}
          />
          <TextInput
            label="Fulfilment template"
            value={draft.fulfillmentTemplate ?? ''}
            onChange={(event) => update({ fulfillmentTemplate: text(event.currentTarget.value) })}
            error={errorOn(errors, 'fulfillmentTemplate')}
          />
          <TextInput
            label="Subscription template"
            value={draft.subscriptionTemplate ?? ''}
            onChange={(event) => update({ subscriptionTemplate: text(event.currentTarget.value) })}
            error={errorOn(errors, 'subscriptionTemplate')}
          />
        </SimpleGrid>
        <Title order={2} size="h4">
          Sale prices
        </Title>
        <PriceGrid
          prices={draft.prices ?? {}}
          onChange={(prices) => update({ prices })}
          errors={errors}
          readOnly={readOnly}
        />
      </Stack>
    </fieldset>
  );
}
