import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { CountrySelect } from '../../ui/place-pickers';
import { SecretOnce } from '../../ui/SecretOnce';

type Draft = Schemas['CustomerDraft'];

/** Creates a publisher or reseller; the answer's client secret is shown once, with copy. */
export function NewCustomerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [type, setType] = useState<Draft['type']>('PUBLISHER');
  const [country, setCountry] = useState('');
  const create = useMutation({
    mutationFn: async () => {
      const body: Draft = {
        name,
        vatNumber,
        type,
        features: { seller: true },
        ...(country ? { addressBook: { country } } : {}),
      };
      return unwrap(await api.POST('/customers', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
  const errors = fieldErrorsOf(create.error);
  const close = () => {
    create.reset();
    setName('');
    setVatNumber('');
    setCountry('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title="New customer">
      {create.data ? (
        <Stack>
          <SecretOnce
            label={`Client secret of realm ${create.data.realmName}`}
            secret={create.data.iamClient?.clientSecret ?? ''}
          />
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorOn(errors, 'name')}
              data-autofocus
            />
            <TextInput
              label="VAT number"
              required
              value={vatNumber}
              onChange={(event) => setVatNumber(event.currentTarget.value)}
              error={errorOn(errors, 'vatNumber')}
            />
            <Select
              label="Type"
              data={['PUBLISHER', 'RESELLER']}
              value={type}
              onChange={(value) => setType((value as Draft['type']) ?? 'PUBLISHER')}
              allowDeselect={false}
            />
            <CountrySelect
              label="Country"
              value={country || undefined}
              onChange={(value) => setCountry(value ?? '')}
              error={errorOn(errors, 'addressBook.country')}
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
      )}
    </Modal>
  );
}
