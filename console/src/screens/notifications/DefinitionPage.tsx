import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { AnchorLink } from '../../ui/links';
import { RecordPending } from '../../ui/RecordEditor';
import { RecordPage } from '../../ui/RecordPage';
import { createOrReplace, type ReadyRecord, useVersionedRecord } from '../../ui/versioned-record';
import {
  type DefinitionDraft,
  DefinitionForm,
  definitionBody,
  editable,
  emptyDefinition,
  shownHere,
} from './DefinitionForm';
import { DefinitionTestPanel } from './DefinitionTestPanel';
import { NotificationEditorCard, useSavedNotice } from './NotificationEditorCard';
import { keys } from './notification-queries';

const route = getRouteApi('/app/notification-definitions/$definitionId');
type Definition = Schemas['NotificationDefinition'];

/** A stored definition (`id`) or a new one, read, created and saved with its version. */
function useDefinitionRecord(id: string | undefined, onSaved: (saved: Definition) => unknown) {
  return useVersionedRecord({
    queryKey: [...keys.definitions, id ?? 'new'],
    read: async () => unwrap(await api.GET('/notification-definitions/{id}', { params: { path: { id: id ?? '' } } })),
    draftOf: editable,
    ...(id === undefined ? { empty: emptyDefinition } : {}),
    write: createOrReplace(
      (draft: DefinitionDraft, headers) =>
        api.POST('/notification-definitions', { body: definitionBody(draft), headers }),
      (draft, dbVersion) =>
        api.PUT('/notification-definitions/{id}', {
          params: { path: { id: id ?? '' } },
          body: definitionBody(draft, dbVersion),
        }),
    ),
    onSaved,
  });
}

function DefinitionEditor({
  editor,
  saveLabel,
}: {
  editor: ReadyRecord<Definition, DefinitionDraft>;
  saveLabel: string;
}) {
  return (
    <NotificationEditorCard
      editor={editor}
      saveLabel={saveLabel}
      shown={shownHere}
      label="Definition"
      form={(readOnly) => (
        <DefinitionForm value={editor.draft} onChange={editor.setDraft} errors={editor.errors} readOnly={readOnly} />
      )}
    />
  );
}

/** A new definition: once created, its page opens (where it can be tested). */
export function NewDefinitionPage(): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editor = useDefinitionRecord(undefined, async (created) => {
    queryClient.setQueryData([...keys.definitions, created.id], created);
    void queryClient.invalidateQueries({
      queryKey: keys.definitions,
      predicate: (query) => query.queryKey[1] !== created.id,
    });
    notifications.show({ message: `Definition "${created.name}" created`, color: 'green' });
    await navigate({
      to: '/notification-definitions/$definitionId',
      params: { definitionId: created.id },
      replace: true,
    });
  });
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the definition" />;
  return (
    <RecordPage
      back="/notification-definitions"
      backLabel="Notification definitions"
      title="New notification definition"
    >
      <DefinitionEditor editor={editor} saveLabel="Create definition" />
    </RecordPage>
  );
}

/** One definition: edited and saved with its version (a 412 shows what changed), and tested against a sample event. */
export function DefinitionPage(): ReactElement {
  const { definitionId } = route.useParams();
  const editor = useDefinitionRecord(definitionId, useSavedNotice(keys.definitions, definitionId, 'Definition saved'));
  if (editor.status !== 'ready' || !editor.record)
    return <RecordPending editor={editor} label="Loading the definition" />;
  const definition = editor.record;

  return (
    <RecordPage
      back="/notification-definitions"
      backLabel="Notification definitions"
      title={definition.name}
      beside={
        <>
          <Badge variant="dot" tt="none">
            {definition.eventMatcher.subject} {definition.eventMatcher.fact}
          </Badge>
          <Text size="sm" c="dimmed">
            version {definition.dbVersion}
          </Text>
          <AnchorLink
            to="/notifications"
            search={{ page: 0, size: 20, notificationDefinitionId: definition.id }}
            size="sm"
          >
            Its deliveries
          </AnchorLink>
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DefinitionEditor editor={editor} saveLabel="Save definition" />
        <Stack>
          <DefinitionTestPanel definition={definition} edited={editor.edited} />
          <ActivityPanel recordId={definition.id} version={definition.dbVersion} />
        </Stack>
      </SimpleGrid>
    </RecordPage>
  );
}
