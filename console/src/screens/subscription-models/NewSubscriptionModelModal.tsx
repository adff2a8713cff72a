import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { TrialDaysInput } from '../../ui/TrialDaysInput';
import { useFormDialog } from '../../ui/use-form-dialog';
import { isTermUnit, TERM_UNITS } from './model-queries';

type Draft = Schemas['SubscriptionModelDraft'];
type Unit = Draft['term']['unit'];

const UNITS: Unit[] = Object.keys(TERM_UNITS).filter(isTermUnit);
const EMPTY: Draft = { name: '', term: { unit: 'MONTH', value: '1' }, durationUntilTrialEnd: 0 };

/** A new model: its name, its term (a count and a calendar unit, picked), its trial days, and (operator) its customer. */
export function NewSubscriptionModelModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (draft: Draft) => {
      const body: Draft = {
        ...draft,
        name: draft.name.trim(),
        durationUntilTrialEnd: draft.durationUntilTrialEnd ?? 0,
      };
      return unwrap(
        await api.POST('/subscription-models', { body, headers: { 'idempotency-key': crypto.randomUUID() } }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription-models'] }),
  });
  const form = useFormDialog({
    initial: EMPTY,
    mutation: create,
    onClose,
    onSaved: (created) => navigate({ to: '/subscription-models/$modelId', params: { modelId: created.id } }),
  });
  const { fields } = form;
  const term = fields.part('term');

  return (
    <ModalForm {...form.modal} opened={opened} title="New subscription model" submitLabel="Create">
      <TextInput
        label="Name"
        description="Unique per customer: subscriptions may name their model by it"
        required
        {...fields.text('name')}
        data-autofocus
      />
      <SimpleGrid cols={2}>
        <NumberInput
          label="Term length"
          required
          min={1}
          max={9999}
          allowDecimal={false}
          {...term.text('value')}
          // The API takes the count as a text.
          onChange={(value) => form.update({ term: { ...form.draft.term, value: String(value) } })}
        />
        <Select
          label="Term unit"
          required
          allowDeselect={false}
          data={Object.entries(TERM_UNITS).map(([value, label]) => ({ value, label }))}
          {...term.choice('unit', UNITS)}
          // A refusal of the term as a whole is said here too.
          error={fields.error('term')}
        />
      </SimpleGrid>
      <TrialDaysInput
        description="More than 0 starts each new subscription in TRIAL"
        {...fields.number('durationUntilTrialEnd')}
      />
      <OwnerCustomerSelect label="For customer" {...fields.value('customerId')} />
    </ModalForm>
  );
}
