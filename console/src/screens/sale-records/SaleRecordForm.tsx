import { Checkbox, Group, Select, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { draftFields } from '../../ui/draft-fields';
import type { FieldErrors } from '../../ui/field-errors';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { TrialDaysInput } from '../../ui/TrialDaysInput';
import { PriceGrid } from '../products/PriceGrid';
import type { SaleRecordDraft } from './sale-record-draft';

interface Props {
  draft: SaleRecordDraft;
  update: (patch: Partial<SaleRecordDraft>) => void;
  errors: FieldErrors;
  readOnly: boolean;
  creating: boolean;
}

const STATUSES = ['ENABLED', 'DISABLED'] as const;

/** A sale record's fields: the product sold (picked by name), its status, stores, trial, templates and price grid. */
export function SaleRecordForm({ draft, update, errors, readOnly, creating }: Props): ReactElement {
  const fields = draftFields({ draft, update, errors });
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>
        {creating && (
          <OwnerCustomerSelect
            label="For customer"
            {...fields.value('customerId')}
            // The product picked was the former customer's.
            onChange={(customerId) => update({ customerId, productId: '' })}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RecordSelect
            source={PRODUCTS}
            label="Product"
            required
            scope={draft.customerId ? { customerId: draft.customerId } : {}}
            {...fields.value('productId')}
            // No product is picked while the field is empty.
            value={draft.productId || undefined}
            onChange={(productId) => update({ productId: productId ?? '' })}
          />
          <Select
            label="Status"
            allowDeselect={false}
            data={[...STATUSES]}
            {...fields.choice('status', STATUSES, 'ENABLED')}
          />
        </SimpleGrid>
        <TagsInput
          label="Selling stores"
          description="Type a store id and press Enter"
          {...fields.list('sellingStores')}
        />
        <Group>
          <Checkbox label="Trial allowed" {...fields.checked('trialAllowed')} />
          <Checkbox label="Paid trial" {...fields.checked('paidTrial')} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TrialDaysInput {...fields.number('trialDuration')} />
          <TextInput label="Catalogue id" {...fields.optionalText('catalogId')} />
          <TextInput label="Fulfilment template" {...fields.optionalText('fulfillmentTemplate')} />
          <TextInput label="Subscription template" {...fields.optionalText('subscriptionTemplate')} />
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
