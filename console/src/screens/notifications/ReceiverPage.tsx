import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { AnchorLink } from '../../ui/links';
import { SecretOnce } from '../../ui/SecretOnce';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { fieldMessages, unplaced } from './form-errors';
import { keys, useReceiver } from './notification-queries';
import { ReceiverForm, shownHere } from './ReceiverForm';
import { emptyReceiver, fieldsOf, type ReceiverFields, receiverBody } from './receiver-draft';
import { SigningSecretCard } from './SigningSecretCard';

const route = getRouteApi('/app/notification-receivers/$receiverId');
type Receiver = Schemas['NotificationReceiver'];

function BackToList() {
  return (
    <AnchorLink to="/notification-receivers" search={{ page: 0, size: 20 }}>
      ← Notification receivers
    </AnchorLink>
  );
}

function ReceiverEditor({
  fields,
  setFields,
  error,
  saving,
  onSave,
  canWrite,
  saveLabel,
  dirty,
}: {
  fields: ReceiverFields;
  setFields: (fields: ReceiverFields) => void;
  error: unknown;
  saving: boolean;
  onSave: () => void;
  canWrite: boolean;
  saveLabel: string;
  dirty: boolean;
}) {
  const errors = fieldMessages(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Receiver" noValidate>
      <Stack>
        <ReceiverForm fields={fields} onChange={setFields} errors={errors} readOnly={!canWrite} />
        {unplaced(error, errors, shownHere) && !(error instanceof ApiError && error.status === 412) && (
          <Text c="red" role="alert" size="sm">
            {plainWords(error)}
          </Text>
        )}
        {canWrite && (
          <Group>
            <Button type="submit" loading={saving} disabled={!dirty}>
              {saveLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** A new receiver: the answer's signing secret is shown here once, with copy, before its page opens. */
export function NewReceiverPage(): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fields, setFields] = useState<ReceiverFields>(emptyReceiver);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/notification-receivers', {
          body: receiverBody(fields),
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.receivers }),
  });
  const created = create.data;
  return (
    <Stack>
      <BackToList />
      <Title order={1}>New notification receiver</Title>
      {created ? (
        <Card withBorder>
          <Stack>
            <Text>Receiver "{created.name}" created.</Text>
            {created.signingSecret && <SecretOnce label="Signing secret" secret={created.signingSecret} />}
            <Group>
              <Button
                onClick={() =>
                  void navigate({ to: '/notification-receivers/$receiverId', params: { receiverId: created.id } })
                }
              >
                Open the receiver
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <ReceiverEditor
          fields={fields}
          setFields={setFields}
          error={create.error}
          saving={create.isPending}
          onSave={() => create.mutate()}
          canWrite
          saveLabel="Create receiver"
          dirty
        />
      )}
    </Stack>
  );
}

/** One receiver: edited and saved with its version (a 412 shows what changed); its signing secret rotated. */
export function ReceiverPage(): ReactElement {
  const { receiverId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const key = [...keys.receivers, receiverId];
  const record = useReceiver(receiverId);
  const [fields, setFields] = useState<ReceiverFields>();
  const [baseVersion, setBaseVersion] = useState<number>();
  /** The version the edit started from: a 412 merges against it. */
  const [opened, setOpened] = useState<Receiver>();
  const load = (receiver: Receiver) => {
    setFields(fieldsOf(receiver));
    setBaseVersion(receiver.dbVersion);
    setOpened(receiver);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per record; baseVersion guards it, so `load` is not a dependency.
  useEffect(() => {
    if (record.data && baseVersion === undefined) load(record.data);
  }, [record.data, baseVersion]);

  const save = useMutation({
    mutationFn: async ({ version, edit }: { version: number; edit: ReceiverFields | undefined }) =>
      unwrap(
        await api.PUT('/notification-receivers/{id}', {
          params: { path: { id: receiverId } },
          body: receiverBody(edit ?? emptyReceiver(), version),
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      load(saved);
      void queryClient.invalidateQueries({
        queryKey: keys.receivers,
        predicate: (query) => query.queryKey[1] !== receiverId,
      });
      notifications.show({ message: 'Receiver saved', color: 'green' });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({
    queryKey: [...key, 'current'],
    queryFn: async () =>
      unwrap(await api.GET('/notification-receivers/{id}', { params: { path: { id: receiverId } } })),
    enabled: stale,
  });

  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  if (!record.data || !fields) return <Skeleton h={300} aria-label="Loading the receiver" />;
  const receiver = record.data;
  const dirty = JSON.stringify(fields) !== JSON.stringify(fieldsOf(receiver));

  return (
    <Stack>
      <BackToList />
      <Group>
        <Title order={1}>{receiver.name}</Title>
        <Badge variant="dot" color={receiver.status === 'ACTIVE' ? 'green' : 'gray'}>
          {receiver.status}
        </Badge>
        <Text size="sm" c="dimmed">
          version {receiver.dbVersion}
        </Text>
        <AnchorLink to="/notifications" search={{ page: 0, size: 20, notificationReceiverId: receiver.id }} size="sm">
          Its deliveries
        </AnchorLink>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ReceiverEditor
          fields={fields}
          setFields={setFields}
          error={save.error}
          saving={save.isPending}
          onSave={() => save.mutate({ version: baseVersion ?? receiver.dbVersion, edit: fields })}
          canWrite={can('notifications:write')}
          saveLabel="Save receiver"
          dirty={dirty}
        />
        <div>
          <SigningSecretCard
            receiver={receiver}
            canWrite={can('notifications:write')}
            onRotated={(rotated) => setBaseVersion(rotated.dbVersion)}
          />
        </div>
      </SimpleGrid>
      <StaleVersionDialog
        opened={stale}
        base={opened ? { ...fieldsOf(opened) } : undefined}
        mine={{ ...fields }}
        theirs={current.data ? { ...fieldsOf(current.data), dbVersion: current.data.dbVersion } : undefined}
        onClose={() => save.reset()}
        onReload={() => {
          save.reset();
          if (current.data) {
            queryClient.setQueryData(key, current.data);
            load(current.data);
          }
        }}
        onOverwrite={(merged) => current.data && save.mutate({ version: current.data.dbVersion, edit: merged })}
      />
    </Stack>
  );
}
