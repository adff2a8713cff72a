import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { plainWords } from '../api/api-error';
import { unplacedError } from './field-errors';
import type { FieldLabel } from './field-labels';
import { NotLoaded } from './NotLoaded';
import { StaleVersionDialog } from './StaleVersionDialog';
import type { ReadyRecord, VersionedRecord } from './versioned-record';

// biome-ignore lint/suspicious/noExplicitAny: any record and draft; the shell reads only what every editor has.
type AnyRecord = ReadyRecord<any, any>;

/** An editor's record while it is not ready: a placeholder while it loads, the reason when it could not be read. */
export function RecordPending({
  editor,
  label,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any record and draft.
  editor: VersionedRecord<any, any>;
  label: string;
}): ReactElement {
  return <NotLoaded error={editor.status === 'failed' && editor.error} label={label} />;
}

/** A version saved elsewhere while the draft is edited: saving merges with it. */
function NewerVersion({ editor }: { editor: AnyRecord }) {
  if (!editor.newer || !editor.record) return null;
  return (
    <Alert color="blue" role="status" title="Saved elsewhere while you edit">
      Version {editor.newer.dbVersion} was saved after you opened version {editor.record.dbVersion}. Saving keeps its
      changes to the fields you did not edit; where you both changed a field, you choose.
    </Alert>
  );
}

/**
 * The shell every record editor shares: its form (`children`), the save refusal no field shows, the save and discard
 * buttons, the notice of a version saved meanwhile, and the 412 dialog. A form's inputs show their own field's error
 * (`editor.errors`); `shown` says which field paths they cover.
 */
export function EditorForm({
  editor,
  canWrite,
  saveLabel,
  shown,
  label,
  edited = editor.edited,
  onDiscard,
  asForm = true,
  fieldLabel,
  children,
}: {
  editor: AnyRecord;
  canWrite: boolean;
  saveLabel: string;
  shown: (path: string) => boolean;
  /** The form's accessible name. */
  label?: string;
  /** Whether there is something to save, when the page edits more than the draft (a product's texts). */
  edited?: boolean;
  /** Drops what the page edits beside the draft. */
  onDiscard?: () => void;
  /** False when the fields hold forms of their own (a form cannot hold a form): the save button then saves on click. */
  asForm?: boolean;
  /** How the 412 dialog names each field: the form's labels. */
  fieldLabel?: FieldLabel;
  children: ReactNode;
}): ReactElement {
  const body = (
    <>
      <Stack>
        <NewerVersion editor={editor} />
        {children}
        {unplacedError(editor.error, editor.errors, shown) && (
          <Alert color="red" role="alert" title="Not saved">
            {plainWords(editor.error)}
          </Alert>
        )}
        {canWrite && (
          <Group>
            <Button
              type={asForm ? 'submit' : 'button'}
              onClick={asForm ? undefined : editor.save}
              loading={editor.saving}
              disabled={!edited}
            >
              {saveLabel}
            </Button>
            {!editor.creating && (
              <Button
                variant="default"
                disabled={!edited || editor.saving}
                onClick={() => {
                  editor.discard();
                  onDiscard?.();
                }}
              >
                Discard changes
              </Button>
            )}
            {edited && !editor.creating && (
              <Badge variant="filled" color="gray.8">
                unsaved changes
              </Badge>
            )}
          </Group>
        )}
      </Stack>
      <StaleVersionDialog conflict={editor.conflict} labelOf={fieldLabel} />
    </>
  );
  if (!asForm) return body;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        editor.save();
      }}
    >
      {body}
    </form>
  );
}
