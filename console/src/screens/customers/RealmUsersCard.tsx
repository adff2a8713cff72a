import {
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Popover,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { type FormEvent, useState } from 'react';
// The scopes are declared once, in the service (a realm's user may hold these, never the operator's own).
import { CUSTOMER_SCOPES } from '../../../../src/platform/auth/scopes';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { FormFooter } from '../../ui/FormFooter';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';

type NewUser = Schemas['NewRealmUser'];
type User = Schemas['RealmUser'];

const EMPTY: NewUser = { username: '', password: '' };

/** A form for a realm's new user: who signs in to the console (and the API) for the customer. */
function NewUserModal({ realm, opened, onClose }: { realm: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NewUser>(EMPTY);
  const create = useMutation({
    mutationFn: async () => {
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
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['realm-users', realm] });
      setDraft(EMPTY);
      onClose();
    },
  });
  const errors = fieldErrorsOf(create.error);
  const set = (field: keyof NewUser) => (value: string) => setDraft((previous) => ({ ...previous, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`New user of realm ${realm}`}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Username"
            required
            value={draft.username}
            onChange={(event) => set('username')(event.currentTarget.value)}
            error={errorOn(errors, 'username')}
            data-autofocus
          />
          <PasswordInput
            label="Password"
            required
            value={draft.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
            error={errorOn(errors, 'password')}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={draft.email ?? ''}
            onChange={(event) => set('email')(event.currentTarget.value)}
            error={errorOn(errors, 'email')}
          />
          <MultiSelect
            label="Scopes"
            description="What the user may read and change; none picked: every scope of the realm"
            data={[...CUSTOMER_SCOPES]}
            searchable
            clearable
            value={(draft.scope ?? '').split(' ').filter(Boolean)}
            onChange={(scopes) => set('scope')(scopes.join(' '))}
            error={errorOn(errors, 'scope')}
          />
          <FormFooter
            error={create.error}
            errors={errors}
            onCancel={onClose}
            submitLabel="Create the user"
            submitting={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
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
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Username</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
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
