import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { useCan } from '../../auth/principal';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { AnchorLink } from '../../ui/links';
import { RecordPending } from '../../ui/RecordEditor';
import { RecordPage } from '../../ui/RecordPage';
import { SecretOnce } from '../../ui/SecretOnce';
import { createOrReplace, type ReadyRecord, useVersionedRecord } from '../../ui/versioned-record';
import { NotificationEditorCard, useSavedNotice } from './NotificationEditorCard';
import { keys } from './notification-queries';
import { ReceiverForm, shownHere } from './ReceiverForm';
import { emptyReceiver, fieldsOf, type ReceiverFields, receiverBody } from './receiver-draft';
import { SigningSecretCard } from './SigningSecretCard';

const route = getRouteApi('/app/notification-receivers/$receiverId');
type Receiver = Schemas['NotificationReceiver'];

/** A stored receiver (`id`) or a new one, read, created and saved with its version. */
function useReceiverRecord(id: string | undefined, onSaved: (saved: Receiver) => unknown) {
  return useVersionedRecord({
    queryKey: [...keys.receivers, id ?? 'new'],
    read: async () => unwrap(await api.GET('/notification-receivers/{id}', { params: { path: { id: id ?? '' } } })),
    draftOf: fieldsOf,
    ...(id === undefined ? { empty: emptyReceiver } : {}),
    write: createOrReplace(
      (fields: ReceiverFields, headers) => api.POST('/notification-receivers', { body: receiverBody(fields), headers }),
      (fields, dbVersion) =>
        api.PUT('/notification-receivers/{id}', {
          params: { path: { id: id ?? '' } },
          body: receiverBody(fields, dbVersion),
        }),
    ),
    onSaved,
  });
}

function ReceiverEditor({ editor, saveLabel }: { editor: ReadyRecord<Receiver, ReceiverFields>; saveLabel: string }) {
  return (
    <NotificationEditorCard
      editor={editor}
      saveLabel={saveLabel}
      shown={shownHere}
      label="Receiver"
      form={(readOnly) => (
        <ReceiverForm fields={editor.draft} onChange={editor.setDraft} errors={editor.errors} readOnly={readOnly} />
      )}
    />
  );
}

function Created({ receiver }: { receiver: Receiver }) {
  const navigate = useNavigate();
  return (
    <Card withBorder>
      <Stack>
        <Text>Receiver "{receiver.name}" created.</Text>
        {receiver.signingSecret && <SecretOnce label="Signing secret" secret={receiver.signingSecret} />}
        <Group>
          <Button
            onClick={() =>
              void navigate({ to: '/notification-receivers/$receiverId', params: { receiverId: receiver.id } })
            }
          >
            Open the receiver
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A new receiver: the answer's signing secret is shown here once, with copy, before its page opens. */
export function NewReceiverPage(): ReactElement {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<Receiver>();
  const editor = useReceiverRecord(undefined, (receiver) => {
    setCreated(receiver);
    return queryClient.invalidateQueries({ queryKey: keys.receivers });
  });
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the receiver" />;
  return (
    <RecordPage back="/notification-receivers" backLabel="Notification receivers" title="New notification receiver">
      {created ? <Created receiver={created} /> : <ReceiverEditor editor={editor} saveLabel="Create receiver" />}
    </RecordPage>
  );
}

/** One receiver: edited and saved with its version (a 412 shows what changed); its signing secret rotated. */
export function ReceiverPage(): ReactElement {
  const { receiverId } = route.useParams();
  const can = useCan();
  const editor = useReceiverRecord(receiverId, useSavedNotice(keys.receivers, receiverId, 'Receiver saved'));
  if (editor.status !== 'ready' || !editor.record)
    return <RecordPending editor={editor} label="Loading the receiver" />;
  const receiver = editor.record;

  return (
    <RecordPage
      back="/notification-receivers"
      backLabel="Notification receivers"
      title={receiver.name}
      beside={
        <>
          <Badge variant="dot" color={receiver.status === 'ACTIVE' ? 'green' : 'gray'}>
            {receiver.status}
          </Badge>
          <Text size="sm" c="dimmed">
            version {receiver.dbVersion}
          </Text>
          <AnchorLink to="/notifications" search={{ page: 0, size: 20, notificationReceiverId: receiver.id }} size="sm">
            Its deliveries
          </AnchorLink>
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ReceiverEditor editor={editor} saveLabel="Save receiver" />
        <Stack>
          <SigningSecretCard receiver={receiver} canWrite={can('notifications:write')} />
          <ActivityPanel recordId={receiver.id} version={receiver.dbVersion} />
        </Stack>
      </SimpleGrid>
    </RecordPage>
  );
}
