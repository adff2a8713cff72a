import { Card, SimpleGrid, Stack } from '@mantine/core';
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
import { CancelPeriodLabelsEditor, type LabelRow, labelsOf, rowsOf } from './CancelPeriodLabelsEditor';
import { OwnerInput, StartInput } from './TermsFields';
import {
  type CompanyTerms,
  type CompanyTermsDraft,
  companyTermsDraftOf,
  emptyCompanyTerms,
  withoutEmptyTexts,
} from './terms-draft';

const route = getRouteApi('/app/company-terms/$companyTermsId');

const SHOWN = shownFields(
  'customerId',
  'corporateUrl',
  'contactForm',
  'cancelPeriod',
  'providerSasCapital',
  'startDate',
  'startingDate',
  'lastUpdateReason',
  'cancelPeriodI18nConfiguration',
);

/** The parameters as the form edits them: the cancellation period's texts as rows (a row may be half written). */
type CompanyTermsFields = Omit<CompanyTermsDraft, 'cancelPeriodI18nConfiguration'> & { labels: LabelRow[] };

function fieldsOf(item: CompanyTerms): CompanyTermsFields {
  const { cancelPeriodI18nConfiguration, ...draft } = companyTermsDraftOf(item);
  return { ...draft, labels: rowsOf(cancelPeriodI18nConfiguration) };
}

function bodyOf({ labels, ...draft }: CompanyTermsFields): CompanyTermsDraft {
  return withoutEmptyTexts({ ...draft, cancelPeriodI18nConfiguration: labelsOf(labels) });
}

/** Company terms (`/company-terms/new` creates them), read, created and saved with their version. */
function useCompanyTermsRecord(id: string) {
  const creating = id === 'new';
  return useVersionedRecord({
    queryKey: ['company-terms', id],
    read: async () => unwrap(await api.GET('/company-terms/{id}', { params: { path: { id } } })),
    draftOf: fieldsOf,
    ...(creating ? { empty: () => ({ ...emptyCompanyTerms(), labels: [] }) } : {}),
    write: createOrReplace(
      (fields: CompanyTermsFields, headers) => api.POST('/company-terms', { body: bodyOf(fields), headers }),
      (fields, dbVersion) =>
        api.PUT('/company-terms/{id}', { params: { path: { id } }, body: { ...bodyOf(fields), dbVersion } }),
    ),
    onSaved: useRecordSaved({
      kind: 'company-terms',
      creating,
      notice: () => (creating ? 'Company terms created' : 'Company terms saved'),
      pageOf: (saved: CompanyTerms) => ({ to: '/company-terms/$companyTermsId', params: { companyTermsId: saved.id } }),
    }),
  });
}

function CompanyTermsFieldsCard({ editor }: { editor: ReadyRecord<CompanyTerms, CompanyTermsFields> }) {
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <OwnerInput editor={editor} />
        <DraftTextInput
          editor={editor}
          field="corporateUrl"
          label="Corporate URL"
          required
          type="url"
          placeholder="https://example.org"
        />
        <DraftTextInput
          editor={editor}
          field="contactForm"
          label="Contact form"
          required
          placeholder="https://example.org/contact"
        />
        <DraftTextInput
          editor={editor}
          field="cancelPeriod"
          label="Cancellation period"
          required
          placeholder="14 days"
        />
        <DraftTextInput
          editor={editor}
          field="providerSasCapital"
          label="Provider's share capital"
          required
          placeholder="100000 EUR"
        />
        <StartInput editor={editor} />
        <DraftTextInput editor={editor} field="startingDate" label="Starting date (as shown to buyers)" />
        <DraftTextInput editor={editor} field="lastUpdateReason" label="Reason for this change" />
      </SimpleGrid>
    </Card>
  );
}

/** Company terms parameters, new (`/company-terms/new`) or stored, saved with their version. */
export function CompanyTermsItemPage(): ReactElement {
  const { companyTermsId } = route.useParams();
  const can = useCan();
  const editor = useCompanyTermsRecord(companyTermsId);
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the company terms" />;
  const { record, creating } = editor;
  const writable = can('terms:write');

  return (
    <RecordEditorPage
      back="/company-terms"
      backLabel="Company terms"
      title={creating ? 'New company terms' : (record?.corporateUrl ?? 'Company terms')}
      facts={versionFacts(record)}
      editor={editor}
      canWrite={writable}
      noun="company terms"
      shown={SHOWN}
    >
      <fieldset disabled={!writable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <CompanyTermsFieldsCard editor={editor} />
          <CancelPeriodLabelsEditor
            rows={editor.draft.labels}
            onChange={(labels) => editor.update({ labels })}
            error={errorOn(editor.errors, 'cancelPeriodI18nConfiguration')}
          />
        </Stack>
      </fieldset>
    </RecordEditorPage>
  );
}
