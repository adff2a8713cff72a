import { Button, Select, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { ModalForm } from '../../ui/ModalForm';
import { CountrySelect } from '../../ui/place-pickers';
import { SecretOnce } from '../../ui/SecretOnce';
import { useFormDialog } from '../../ui/use-form-dialog';

type Draft = Schemas['CustomerDraft'];

const TYPES: NonNullable<Draft['type']>[] = ['PUBLISHER', 'RESELLER'];
const EMPTY: Draft = { name: '', vatNumber: '', type: 'PUBLISHER', features: { seller: true } };

/** Creates a publisher or reseller; the answer's client secret is shown once, with copy. */
export function NewCustomerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (body: Draft) =>
      unwrap(await api.POST('/customers', { body, headers: { 'idempotency-key': crypto.randomUUID() } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
  const form = useFormDialog({ initial: EMPTY, mutation: create, onClose, keepOpen: true });

  return (
    <ModalForm
      {...form.modal}
      opened={opened}
      title="New customer"
      submitLabel="Create"
      outcome={
        create.data && (
          <>
            <SecretOnce
              label={`Client secret of realm ${create.data.realmName}`}
              secret={create.data.iamClient?.clientSecret ?? ''}
            />
            <Button onClick={form.close}>Done</Button>
          </>
        )
      }
    >
      <TextInput label="Name" required {...form.fields.text('name')} data-autofocus />
      <TextInput label="VAT number" required {...form.fields.text('vatNumber')} />
      <Select label="Type" data={TYPES} {...form.fields.choice('type', TYPES)} allowDeselect={false} />
      <CountrySelect label="Country" {...form.fields.part('addressBook').value('country')} />
    </ModalForm>
  );
}
