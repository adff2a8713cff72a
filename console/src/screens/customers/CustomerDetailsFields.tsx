import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Schemas } from '../../api/client';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { CountrySelect } from '../../ui/place-pickers';

type Customer = Schemas['Customer'];
type Status = NonNullable<Customer['status']>;

/** Each status the API takes, in words (a status the API adds fails the type check until it is named here). */
const STATUSES: Record<Status, string> = { TRIAL: 'TRIAL: trying the platform', RUNNING: 'RUNNING: selling' };
const isStatus = (value: string): value is Status => value in STATUSES;

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
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={errorOn(errors, 'name')}
        />
        <TextInput
          label="VAT number"
          required
          value={draft.vatNumber}
          onChange={(event) => update({ vatNumber: event.currentTarget.value })}
          error={errorOn(errors, 'vatNumber')}
        />
        <CountrySelect
          label="Country"
          value={draft.addressBook?.country}
          onChange={(country) => update({ addressBook: { ...draft.addressBook, country } })}
          error={errorOn(errors, 'addressBook')}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={Object.entries(STATUSES).map(([value, label]) => ({ value, label }))}
          value={draft.status ?? 'TRIAL'}
          onChange={(status) => status && isStatus(status) && update({ status })}
          error={errorOn(errors, 'status')}
        />
      </SimpleGrid>
    </fieldset>
  );
}
