import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { ActivityPanel } from './activity/ActivityPanel';
import { EditorForm } from './RecordEditor';
import { RecordPage } from './RecordPage';
import type { ReadyRecord } from './versioned-record';

/**
 * The page of a record edited as a whole and saved with its version (`…/new` creates one): its header, its form in
 * the editor's shell (saved as "Create <noun>", then "Save <noun>"), and, once stored, its activity.
 */
export function RecordEditorPage({
  editor,
  canWrite,
  noun,
  shown,
  label,
  asForm,
  children,
  ...page
}: Omit<ComponentProps<typeof RecordPage>, 'children'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any record and draft; the page reads only what every editor has.
  editor: ReadyRecord<any, any>;
  canWrite: boolean;
  /** What the save button creates or saves ("rule", "sale record"). */
  noun: string;
  shown: (path: string) => boolean;
  /** The form's accessible name. */
  label?: string;
  /** False when the form holds forms of its own (see EditorForm). */
  asForm?: boolean;
  /** The record's fields. */
  children: ReactNode;
}): ReactElement {
  const { record, creating } = editor;
  return (
    <RecordPage {...page}>
      <EditorForm
        editor={editor}
        canWrite={canWrite}
        saveLabel={creating ? `Create ${noun}` : `Save ${noun}`}
        shown={shown}
        label={label}
        asForm={asForm}
      >
        {children}
      </EditorForm>
      {record && <ActivityPanel recordId={record.id} version={record.dbVersion} />}
    </RecordPage>
  );
}
