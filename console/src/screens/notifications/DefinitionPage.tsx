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
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import {
  type DefinitionDraft,
  DefinitionForm,
  definitionBody,
  editable,
  emptyDefinition,
  shownHere,
} from './DefinitionForm';
import { DefinitionTestPanel } from './DefinitionTestPanel';
import { fieldMessages, unplaced } from './form-errors';
import { keys, useDefinition } from './notification-queries';

const route = getRouteApi('/app/notification-definitions/$definitionId');
type Definition = Schemas['NotificationDefinition'];

function BackToList() {
  return (
    <AnchorLink to="/notification-definitions" search={{ page: 0, size: 20 }}>
      ← Notification definitions
    </AnchorLink>
  );
}

/** The form with its buttons and the error no field shows. */
function DefinitionEditor({
  draft,
  setDraft,
  error,
  saving,
  onSave,
  canWrite,
  saveLabel,
  dirty,
}: {
  draft: DefinitionDraft;
  setDraft: (draft: DefinitionDraft) => void;
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
    <Card withBorder component="form" onSubmit={submit} aria-label="Definition">
      <Stack>
        <DefinitionForm value={draft} onChange={setDraft} errors={errors} readOnly={!canWrite} />
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

/** A new definition: once created, its page opens (where it can be tested). */
export function NewDefinitionPage(): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DefinitionDraft>(emptyDefinition);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/notification-definitions', {
          body: definitionBody(draft),
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: async (created) => {
      queryClient.setQueryData([...keys.definitions, created.id], created);
      await queryClient.invalidateQueries({
        queryKey: keys.definitions,
        exact: false,
        predicate: (query) => query.queryKey[1] !== created.id,
      });
      notifications.show({ message: `Definition "${created.name}" created`, color: 'green' });
      await navigate({
        to: '/notification-definitions/$definitionId',
        params: { definitionId: created.id },
        replace: true,
      });
    },
  });
  return (
    <Stack>
      <BackToList />
      <Title order={1}>New notification definition</Title>
      <DefinitionEditor
        draft={draft}
        setDraft={setDraft}
        error={create.error}
        saving={create.isPending}
        onSave={() => create.mutate()}
        canWrite
        saveLabel="Create definition"
        dirty
      />
    </Stack>
  );
}

/** One definition: edited and saved with its version (a 412 shows what changed), and tested against a sample event. */
export function DefinitionPage(): ReactElement {
  const { definitionId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const key = [...keys.definitions, definitionId];
  const record = useDefinition(definitionId);
  const [draft, setDraft] = useState<DefinitionDraft>();
  const [baseVersion, setBaseVersion] = useState<number>();
  /** The version the edit started from: a 412 merges against it. */
  const [opened, setOpened] = useState<Definition>();
  const load = (definition: Definition) => {
    setDraft(editable(definition));
    setBaseVersion(definition.dbVersion);
    setOpened(definition);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per record; baseVersion guards it, so `load` is not a dependency.
  useEffect(() => {
    if (record.data && baseVersion === undefined) load(record.data);
  }, [record.data, baseVersion]);

  const save = useMutation({
    mutationFn: async ({ version, edit }: { version: number; edit: DefinitionDraft | undefined }) =>
      unwrap(
        await api.PUT('/notification-definitions/{id}', {
          params: { path: { id: definitionId } },
          body: definitionBody(edit ?? emptyDefinition(), version),
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      load(saved);
      void queryClient.invalidateQueries({
        queryKey: keys.definitions,
        predicate: (query) => query.queryKey[1] !== definitionId,
      });
      notifications.show({ message: 'Definition saved', color: 'green' });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({
    queryKey: [...key, 'current'],
    queryFn: async () =>
      unwrap(await api.GET('/notification-definitions/{id}', { params: { path: { id: definitionId } } })),
    enabled: stale,
  });

  if (record.isPending || (record.data && !draft)) return <Skeleton h={300} aria-label="Loading the definition" />;
  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const definition = record.data;
  if (!draft) return <Skeleton h={300} aria-label="Loading the definition" />;
  const dirty = JSON.stringify(draft) !== JSON.stringify(editable(definition));

  return (
    <Stack>
      <BackToList />
      <Group>
        <Title order={1}>{definition.name}</Title>
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
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DefinitionEditor
          draft={draft}
          setDraft={setDraft}
          error={save.error}
          saving={save.isPending}
          onSave={() => save.mutate({ version: baseVersion ?? definition.dbVersion, edit: draft })}
          canWrite={can('notifications:write')}
          saveLabel="Save definition"
          dirty={dirty}
        />
        <DefinitionTestPanel definition={definition} edited={dirty} />
      </SimpleGrid>
      <StaleVersionDialog
        opened={stale}
        base={opened ? { ...editable(opened) } : undefined}
        mine={{ ...draft }}
        theirs={current.data ? { ...editable(current.data), dbVersion: current.data.dbVersion } : undefined}
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
