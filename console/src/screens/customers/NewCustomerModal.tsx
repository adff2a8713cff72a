import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
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
  const errors = create.error instanceof ApiError ? create.error.fieldErrors() : {};
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
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label="VAT number"
              required
              value={vatNumber}
              onChange={(event) => setVatNumber(event.currentTarget.value)}
              error={errors.vatNumber}
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
              error={errors['addressBook.country']}
            />
            {create.error && !Object.keys(errors).length && (
              <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
                {plainWords(create.error)}
              </div>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
