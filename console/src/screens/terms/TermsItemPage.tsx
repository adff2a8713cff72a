import { Badge, Card, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { DraftTextInput } from '../../ui/DraftInputs';
import { errorOn, shownFields } from '../../ui/field-errors';
import { RecordPending } from '../../ui/RecordEditor';
import { RecordEditorPage } from '../../ui/RecordEditorPage';
import { useRecordSaved } from '../../ui/record-saved';
import { versionFacts } from '../../ui/version-facts';
import { createOrReplace, type ReadyRecord, useVersionedRecord } from '../../ui/versioned-record';
import { TemplatePreview } from './TemplatePreview';
import { OwnerInput, StartInput } from './TermsFields';
import {
  emptyTerms,
  TERMS_MODELS,
  TERMS_STATUSES,
  type TermsDraft,
  type TermsItem,
  termsDraftOf,
  withoutEmptyTexts,
} from './terms-draft';

const route = getRouteApi('/app/terms/$termsId');

const SHOWN = shownFields(
  'customerId',
  'model',
  'status',
  'locale',
  'startDate',
  'startingDate',
  'lastUpdater',
  'lastUpdateReason',
  'template',
);

/** A terms template (`/terms/new` creates one), read, created and saved with its version. */
function useTermsRecord(id: string) {
  const creating = id === 'new';
  return useVersionedRecord({
    queryKey: ['terms', id],
    read: async () => unwrap(await api.GET('/terms/{id}', { params: { path: { id } } })),
    draftOf: termsDraftOf,
    ...(creating ? { empty: emptyTerms } : {}),
    write: createOrReplace(
      (draft: TermsDraft, headers) => api.POST('/terms', { body: withoutEmptyTexts(draft), headers }),
      (draft, dbVersion) =>
        api.PUT('/terms/{id}', { params: { path: { id } }, body: withoutEmptyTexts({ ...draft, dbVersion }) }),
    ),
    onSaved: useRecordSaved({
      kind: 'terms',
      creating,
      notice: () => (creating ? 'Template created' : 'Template saved'),
      pageOf: (saved: TermsItem) => ({ to: '/terms/$termsId', params: { termsId: saved.id } }),
    }),
  });
}

function TermsFields({ editor }: { editor: ReadyRecord<TermsItem, TermsDraft> }) {
  const { draft, update, errors } = editor;
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <OwnerInput editor={editor} />
        <Select
          label="Model"
          data={[...TERMS_MODELS]}
          value={draft.model}
          onChange={(value) => update({ model: TERMS_MODELS.find((model) => model === value) ?? 'MOR' })}
          allowDeselect={false}
          error={errorOn(errors, 'model')}
        />
        <Select
          label="Status"
          data={[...TERMS_STATUSES]}
          value={draft.status ?? null}
          onChange={(value) => update({ status: TERMS_STATUSES.find((status) => status === value) })}
          clearable
          error={errorOn(errors, 'status')}
        />
        <DraftTextInput editor={editor} field="locale" label="Locale" placeholder="fr_FR" />
        <StartInput editor={editor} />
        <DraftTextInput editor={editor} field="startingDate" label="Starting date (as shown to buyers)" />
        <DraftTextInput editor={editor} field="lastUpdater" label="Last updater" />
        <DraftTextInput editor={editor} field="lastUpdateReason" label="Reason for this change" />
      </SimpleGrid>
    </Card>
  );
}

/** A terms template, new (`/terms/new`) or stored: its fields, its template beside a sandboxed preview, saved with its version. */
export function TermsItemPage(): ReactElement {
  const { termsId } = route.useParams();
  const can = useCan();
  const editor = useTermsRecord(termsId);
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the template" />;
  const { record, draft, creating } = editor;
  const writable = can('terms:write');

  return (
    <RecordEditorPage
      back="/terms"
      backLabel="Terms templates"
      title={creating ? 'New terms template' : `Terms template${record?.locale ? ` (${record.locale})` : ''}`}
      beside={record?.status && <Badge variant="dot">{record.status}</Badge>}
      facts={versionFacts(record)}
      editor={editor}
      canWrite={writable}
      noun="template"
      shown={SHOWN}
    >
      <fieldset disabled={!writable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <TermsFields editor={editor} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Textarea
              label="Template (HTML)"
              required
              autosize
              minRows={16}
              maxRows={30}
              value={draft.template}
              onChange={(event) => editor.update({ template: event.currentTarget.value })}
              error={errorOn(editor.errors, 'template')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              spellCheck={false}
            />
            <TemplatePreview template={draft.template} title="Preview of the terms template" />
          </SimpleGrid>
        </Stack>
      </fieldset>
    </RecordEditorPage>
  );
}
