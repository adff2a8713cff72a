import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { useCan } from '../../auth/principal';
import { EditorForm } from '../../ui/RecordEditor';
import type { ReadyRecord } from '../../ui/versioned-record';

/** A definition's or receiver's form in the editor shell; read-only without `notifications:write`. */
export function NotificationEditorCard<D extends object>({
  editor,
  saveLabel,
  shown,
  label,
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any stored record; the card reads the editor's draft only.
  editor: ReadyRecord<any, D>;
  saveLabel: string;
  shown: (path: string) => boolean;
  label: string;
  form: (readOnly: boolean) => ReactNode;
}): ReactElement {
  const can = useCan();
  const writable = can('notifications:write');
  return (
    <Card withBorder>
      <EditorForm editor={editor} canWrite={writable} saveLabel={saveLabel} shown={shown} label={label}>
        {form(!writable)}
      </EditorForm>
    </Card>
  );
}

/** After a stored record's save: its lists read again (not the record, already in the cache), and a notice. */
export function useSavedNotice(kind: readonly string[], id: string, message: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: kind, predicate: (query) => query.queryKey[1] !== id });
    notifications.show({ message, color: 'green' });
  };
}
