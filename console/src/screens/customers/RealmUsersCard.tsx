import { Button, Card, Group, MultiSelect, PasswordInput, Popover, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
// The scopes are declared once, in the service (a realm's user may hold these, never the operator's own).
import { CUSTOMER_SCOPES } from '../../../../src/platform/auth/scopes';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { ModalForm } from '../../ui/ModalForm';
import { TableHead } from '../../ui/TableHead';
import { useFormDialog } from '../../ui/use-form-dialog';

type NewUser = Schemas['NewRealmUser'];
type User = Schemas['RealmUser'];

const EMPTY: NewUser = { username: '', password: '' };

/** A form for a realm's new user: who signs in to the console (and the API) for the customer. */
function NewUserModal({ realm, opened, onClose }: { realm: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (draft: NewUser) => {
      const body: NewUser = {
        username: draft.username,
        password: draft.password,
        ...(draft.email ? { email: draft.email } : {}),
        ...(draft.scope ? { scope: draft.scope } : {}),
      };
      return unwrap(
        await api.POST('/iam/realms/{realm}/users', {
          params: { path: { realm } },
          body,
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['realm-users', realm] }),
  });
  const form = useFormDialog({ initial: EMPTY, mutation: create, onClose });
  const scopes = form.fields.text('scope');
  return (
    <ModalForm {...form.modal} opened={opened} title={`New user of realm ${realm}`} submitLabel="Create the user">
      <TextInput label="Username" required {...form.fields.text('username')} data-autofocus />
      <PasswordInput label="Password" required {...form.fields.text('password')} />
      <TextInput label="E-mail" type="email" {...form.fields.text('email')} />
      <MultiSelect
        label="Scopes"
        description="What the user may read and change; none picked: every scope of the realm"
        data={[...CUSTOMER_SCOPES]}
        searchable
        clearable
        // The API takes the scopes as one space-separated text.
        value={scopes.value.split(' ').filter(Boolean)}
        onChange={(picked) => form.update({ scope: picked.join(' ') })}
        error={scopes.error}
      />
    </ModalForm>
  );
}

/** The people of a customer's realm: they sign in to the console with its realm name. */
export function RealmUsersCard({ realm }: { realm: string }): ReactElement | null {
  const can = useCan();
  const queryClient = useQueryClient();
  const [creating, { open, close }] = useDisclosure();
  const users = useQuery({
    queryKey: ['realm-users', realm],
    queryFn: async () =>
      unwrap(await api.GET('/iam/realms/{realm}/users', { params: { path: { realm }, query: { size: 100 } } })),
    enabled: can('iam:read'),
  });
  const remove = useMutation({
    mutationFn: async (user: User) =>
      unwrap(await api.DELETE('/iam/realms/{realm}/users/{userId}', { params: { path: { realm, userId: user.id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['realm-users', realm] }),
  });
  if (!can('iam:read')) return null;

  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Users
        </Title>
        {can('iam:write') && (
          <Button size="xs" variant="light" onClick={open}>
            New user
          </Button>
        )}
      </Group>
      {users.error ? (
        <Text c="red.8" role="alert" size="sm">
          {plainWords(users.error)}
        </Text>
      ) : users.data?.items.length === 0 ? (
        <Text size="sm">
          Nobody can sign in to this realm yet: create a user, who then signs in to the console with realm {realm}.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table>
            <TableHead columns={['Username', 'E-mail', 'Scopes']} actions />
            <Table.Tbody>
              {users.data?.items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email ?? ''}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.scope}</Table.Td>
                  <Table.Td>
                    {can('iam:write') && (
                      <Popover withArrow trapFocus position="left">
                        <Popover.Target>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete user ${user.username}`}
                            loading={remove.isPending && remove.variables?.id === user.id}
                          >
                            Delete
                          </Button>
                        </Popover.Target>
                        <Popover.Dropdown>
                          <Text size="sm" mb="xs">
                            Delete {user.username}? They can no longer sign in.
                          </Text>
                          <Button size="xs" color="red" onClick={() => remove.mutate(user)}>
                            Delete {user.username}
                          </Button>
                        </Popover.Dropdown>
                      </Popover>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.error && (
        <Text c="red.8" role="alert" size="sm">
          {plainWords(remove.error)}
        </Text>
      )}
      <NewUserModal realm={realm} opened={creating} onClose={close} />
    </Card>
  );
}
