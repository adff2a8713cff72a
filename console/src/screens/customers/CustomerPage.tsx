import { Badge, Card, Checkbox, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { shownFields } from '../../ui/field-errors';
import { MutationButton } from '../../ui/MutationButton';
import { PublicJwk } from '../../ui/PublicJwk';
import { EditorForm, RecordPending } from '../../ui/RecordEditor';
import { RecordPage } from '../../ui/RecordPage';
import { SecretOnce } from '../../ui/SecretOnce';
import { SectionCard } from '../../ui/SectionCard';
import { useVersionedRecord } from '../../ui/versioned-record';
import { CustomerDetailsFields } from './CustomerDetailsFields';
import { FEATURES, featureLabel } from './customer-features';
import { RealmUsersCard } from './RealmUsersCard';

const route = getRouteApi('/app/customers/$customerId');
type Customer = Schemas['Customer'];

/**
 * One customer: its name, VAT number, country, status and features (edited and saved with its version), its client
 * secret (rotated), its signing keys, its realm's users and its activity.
 */
export function CustomerPage(): ReactElement {
  const { customerId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const key = ['customers', customerId];
  const editor = useVersionedRecord({
    queryKey: key,
    read: async () => unwrap(await api.GET('/customers/{id}', { params: { path: { id: customerId } } })),
    // A PUT replaces the customer: the form edits its details and features and sends the rest as it was read.
    draftOf: (customer: Customer): Customer => customer,
    write: async (body, dbVersion) =>
      unwrap(
        await api.PUT('/customers/{id}', {
          params: { path: { id: customerId } },
          body: { ...body, dbVersion } as never,
        }),
      ),
    onSaved: () => notifications.show({ message: 'Customer saved', color: 'green' }),
  });
  const rotate = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/customers/{id}/client-secret', {
          params: { path: { id: customerId } },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: (rotated) => queryClient.setQueryData(key, rotated),
  });

  if (editor.status !== 'ready' || !editor.record)
    return <RecordPending editor={editor} label="Loading the customer" />;
  const customer = editor.record;
  const features = editor.draft.features ?? {};

  return (
    <RecordPage
      back="/customers"
      backLabel="Customers"
      title={customer.name}
      beside={
        <>
          <Badge variant="light">{customer.type}</Badge>
          <Badge variant="light" color={customer.status === 'RUNNING' ? 'green' : 'gray'}>
            {customer.status}
          </Badge>
        </>
      }
      facts={[
        <>
          Realm <Code>{customer.realmName}</Code>
        </>,
        customer.vatNumber && `VAT ${customer.vatNumber}`,
        `version ${customer.dbVersion}`,
      ]}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="customer-details">
          <EditorForm
            editor={editor}
            canWrite={can('customers:write')}
            saveLabel="Save customer"
            shown={shownFields('name', 'vatNumber', 'addressBook', 'status', 'features')}
            label="Customer"
          >
            <Title order={2} size="h4" id="customer-details">
              Details
            </Title>
            <CustomerDetailsFields
              draft={editor.draft}
              update={editor.update}
              errors={editor.errors}
              readOnly={!can('customers:write')}
            />
            <Title order={2} size="h4">
              Features
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {FEATURES.map((name) => (
                <Checkbox
                  key={name}
                  label={featureLabel(name)}
                  checked={Boolean(features?.[name])}
                  disabled={!can('customers:write')}
                  onChange={(event) =>
                    editor.update({ features: { ...features, [name]: event.currentTarget.checked } })
                  }
                />
              ))}
            </SimpleGrid>
          </EditorForm>
        </Card>
        <Stack>
          <SectionCard title="Client secret">
            {rotate.data?.iamClient?.clientSecret ? (
              <SecretOnce
                label={`New client secret of realm ${customer.realmName}`}
                secret={rotate.data.iamClient.clientSecret}
              />
            ) : (
              <Text size="sm">
                The realm's client authenticates with a secret shown only when it is created or rotated.
              </Text>
            )}
            {can('customers:write') && (
              <MutationButton mutation={rotate} mt="sm" variant="light" color="orange" style={{ alignSelf: 'start' }}>
                Rotate the client secret
              </MutationButton>
            )}
          </SectionCard>
          <SectionCard title="Signing keys">
            <Stack gap="xs">
              <Text size="sm">Data signing key (Ed25519)</Text>
              {customer.signingPublicKey ? (
                <PublicJwk jwk={customer.signingPublicKey} />
              ) : (
                <Text size="sm" c="dimmed">
                  none
                </Text>
              )}
            </Stack>
          </SectionCard>
          {customer.realmName && <RealmUsersCard realm={customer.realmName} />}
          <ActivityPanel recordId={customer.id} version={customer.dbVersion} />
        </Stack>
      </SimpleGrid>
    </RecordPage>
  );
}
