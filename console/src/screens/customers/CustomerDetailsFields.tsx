import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Schemas } from '../../api/client';
import { draftFields } from '../../ui/draft-fields';
import type { FieldErrors } from '../../ui/field-errors';
import { CountrySelect } from '../../ui/place-pickers';

type Customer = Schemas['Customer'];
type Status = NonNullable<Customer['status']>;

/** Each status the API takes, in words (a status the API adds fails the type check until it is named here). */
const STATUSES: Record<Status, string> = { TRIAL: 'TRIAL: trying the platform', RUNNING: 'RUNNING: selling' };
const STATUS_VALUES = Object.keys(STATUSES) as Status[];

/** A customer's name, VAT number, country (picked by name or code) and status, each showing its own refusal. */
export function CustomerDetailsFields({
  draft,
  update,
  errors,
  readOnly,
}: {
  draft: Customer;
  update: (patch: Partial<Customer>) => void;
  errors: FieldErrors;
  readOnly: boolean;
}): ReactElement {
  const fields = draftFields({ draft, update, errors });
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Name" required {...fields.text('name')} />
        <TextInput label="VAT number" required {...fields.text('vatNumber')} />
        <CountrySelect
          label="Country"
          {...fields.part('addressBook').value('country')}
          // The form shows no other address field: a refusal of any of them is said here.
          error={fields.error('addressBook')}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={Object.entries(STATUSES).map(([value, label]) => ({ value, label }))}
          {...fields.choice('status', STATUS_VALUES, 'TRIAL')}
        />
      </SimpleGrid>
    </fieldset>
  );
}
