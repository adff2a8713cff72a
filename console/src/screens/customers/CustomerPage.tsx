import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { AnchorLink } from '../../ui/links';
import { SecretOnce } from '../../ui/SecretOnce';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { FEATURES, featureLabel } from './customer-features';
import { RealmUsersCard } from './RealmUsersCard';

const route = getRouteApi('/app/customers/$customerId');
type Customer = Schemas['Customer'];

/** One customer: its features (edited and saved with its version), its client secret (rotated), its signing keys. */
export function CustomerPage(): ReactElement {
  const { customerId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const key = ['customers', customerId];
  const record = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await api.GET('/customers/{id}', { params: { path: { id: customerId } } })),
  });
  const [features, setFeatures] = useState<Customer['features']>({});
  useEffect(() => {
    if (record.data) setFeatures(record.data.features ?? {});
  }, [record.data]);

  const save = useMutation({
    mutationFn: async (body: Customer) =>
      unwrap(await api.PUT('/customers/{id}', { params: { path: { id: customerId } }, body: body as never })),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      notifications.show({ message: 'Features saved', color: 'green' });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({
    queryKey: [...key, 'current'],
    queryFn: async () => unwrap(await api.GET('/customers/{id}', { params: { path: { id: customerId } } })),
    enabled: stale,
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

  if (record.isPending) return <Skeleton h={300} aria-label="Loading the customer" />;
  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const customer = record.data;
  const edited = JSON.stringify(features) !== JSON.stringify(customer.features ?? {});

  return (
    <Stack>
      <AnchorLink to="/customers" search={{ page: 0, size: 20 }}>
        ← Customers
      </AnchorLink>
      <Group>
        <Title order={1}>{customer.name}</Title>
        <Badge variant="light">{customer.type}</Badge>
        <Badge variant="light" color={customer.status === 'RUNNING' ? 'green' : 'gray'}>
          {customer.status}
        </Badge>
      </Group>
      <Text c="dimmed">
        Realm <Code>{customer.realmName}</Code> · VAT {customer.vatNumber} · version {customer.dbVersion}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Features
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {FEATURES.map((name) => (
              <Checkbox
                key={name}
                label={featureLabel(name)}
                checked={Boolean(features?.[name])}
                disabled={!can('customers:write')}
                onChange={(event) => setFeatures({ ...features, [name]: event.currentTarget.checked })}
              />
            ))}
          </SimpleGrid>
          {can('customers:write') && (
            <Group mt="md">
              <Button
                onClick={() => save.mutate({ ...customer, features })}
                disabled={!edited}
                loading={save.isPending}
              >
                Save features
              </Button>
              {save.error && !stale && (
                <Text c="red" role="alert" size="sm">
                  {plainWords(save.error)}
                </Text>
              )}
            </Group>
          )}
        </Card>
        <Stack>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Client secret
            </Title>
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
              <Button mt="sm" variant="light" color="orange" onClick={() => rotate.mutate()} loading={rotate.isPending}>
                Rotate the client secret
              </Button>
            )}
            {rotate.error && (
              <Text c="red" role="alert" size="sm">
                {plainWords(rotate.error)}
              </Text>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Signing keys
            </Title>
            <Text size="sm">Data signing key (Ed25519), key id:</Text>
            <Code block>
              {customer.signingPublicKey
                ? `${customer.signingPublicKey.kid}\n${JSON.stringify(customer.signingPublicKey, null, 1)}`
                : 'none'}
            </Code>
          </Card>
          {customer.realmName && <RealmUsersCard realm={customer.realmName} />}
        </Stack>
      </SimpleGrid>
      <StaleVersionDialog
        opened={stale}
        base={customer}
        mine={{ ...customer, features }}
        theirs={current.data}
        onClose={() => save.reset()}
        onReload={() => {
          save.reset();
          if (current.data) queryClient.setQueryData(key, current.data);
        }}
        onOverwrite={(merged) => save.mutate(merged)}
      />
    </Stack>
  );
}
