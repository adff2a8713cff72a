import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { isTermUnit, TERM_UNITS } from './model-queries';

type Draft = Schemas['SubscriptionModelDraft'];
type Unit = Draft['term']['unit'];

const EMPTY = { name: '', value: 1 as number | string, unit: 'MONTH' as Unit, trial: 0 as number | string };

/** A new model: its name, its term (a count and a calendar unit, picked), its trial days, and (operator) its customer. */
export function NewSubscriptionModelModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fields, setFields] = useState(EMPTY);
  const [customerId, setCustomerId] = useState<string>();
  const create = useMutation({
    mutationFn: async () => {
      const body: Draft = {
        name: fields.name.trim(),
        term: { unit: fields.unit, value: String(fields.value) },
        durationUntilTrialEnd: Number(fields.trial) || 0,
        ...(customerId ? { customerId } : {}),
      };
      return unwrap(
        await api.POST('/subscription-models', { body, headers: { 'idempotency-key': crypto.randomUUID() } }),
      );
    },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['subscription-models'] });
      close();
      void navigate({ to: '/subscription-models/$modelId', params: { modelId: created.id } });
    },
  });
  const errors = fieldErrorsOf(create.error);
  const close = () => {
    create.reset();
    setFields(EMPTY);
    setCustomerId(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title="New subscription model">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            description="Unique per customer: subscriptions may name their model by it"
            required
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
            error={errorOn(errors, 'name')}
            data-autofocus
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label="Term length"
              required
              min={1}
              max={9999}
              allowDecimal={false}
              value={fields.value}
              onChange={(value) => setFields({ ...fields, value })}
              error={errorOn(errors, 'term.value')}
            />
            <Select
              label="Term unit"
              required
              allowDeselect={false}
              data={Object.entries(TERM_UNITS).map(([value, label]) => ({ value, label }))}
              value={fields.unit}
              onChange={(unit) => unit && isTermUnit(unit) && setFields({ ...fields, unit })}
              error={errorOn(errors, 'term.unit', 'term')}
            />
          </SimpleGrid>
          <NumberInput
            label="Trial (days)"
            description="More than 0 starts each new subscription in TRIAL"
            min={0}
            max={3650}
            allowDecimal={false}
            value={fields.trial}
            onChange={(trial) => setFields({ ...fields, trial })}
            error={errorOn(errors, 'durationUntilTrialEnd')}
          />
          <OwnerCustomerSelect
            label="For customer"
            value={customerId}
            onChange={setCustomerId}
            error={errorOn(errors, 'customerId')}
          />
          <FormFooter
            error={create.error}
            errors={errors}
            onCancel={close}
            submitLabel="Create"
            submitting={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
