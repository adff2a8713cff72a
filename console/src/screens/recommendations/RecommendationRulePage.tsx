import { Badge, Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { CustomerName } from '../../ui/customer-names';
import { EditorForm, RecordPending } from '../../ui/RecordEditor';
import { RecordPage } from '../../ui/RecordPage';
import { createOrReplace, useVersionedRecord } from '../../ui/versioned-record';
import { RULE_FIELDS, RuleForm } from './RuleForm';
import { bodyOf, draftOf, emptyRule, type Rule, type RuleDraft } from './rule-draft';

const route = getRouteApi('/app/recommendation-rules/$ruleId');

/** A rule (`/recommendation-rules/new` creates one), read, created and saved with its version. */
function useRuleRecord(id: string) {
  const creating = id === 'new';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useVersionedRecord({
    queryKey: ['recommendation-rules', id],
    read: async () => unwrap(await api.GET('/recommendation-rules/{id}', { params: { path: { id } } })),
    draftOf,
    ...(creating ? { empty: emptyRule } : {}),
    write: createOrReplace(
      (draft: RuleDraft, headers) => api.POST('/recommendation-rules', { body: bodyOf(draft), headers }),
      (draft, dbVersion) =>
        api.PUT('/recommendation-rules/{id}', { params: { path: { id } }, body: bodyOf({ ...draft, dbVersion }) }),
    ),
    onSaved: async (saved: Rule) => {
      void queryClient.invalidateQueries({
        queryKey: ['recommendation-rules'],
        predicate: (query) => query.queryKey[1] !== saved.id,
      });
      queryClient.setQueryData(['recommendation-rules', saved.id], saved);
      notifications.show({ message: creating ? `Rule "${saved.name}" created` : 'Rule saved', color: 'green' });
      if (creating) await navigate({ to: '/recommendation-rules/$ruleId', params: { ruleId: saved.id } });
    },
  });
}

/** A new rule (`/recommendation-rules/new`) or a stored one, edited and saved with its version. */
export function RecommendationRulePage(): ReactElement {
  const { ruleId } = route.useParams();
  const can = useCan();
  const editor = useRuleRecord(ruleId);
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the rule" />;
  const { record, creating } = editor;
  const writable = can('recommendations:write');

  return (
    <RecordPage
      back="/recommendation-rules"
      backLabel="Recommendation rules"
      title={creating ? 'New recommendation rule' : record?.name}
      beside={
        record && (
          <Badge variant="dot" color={record.status === 'ENABLED' ? 'green' : 'gray'}>
            {record.status}
          </Badge>
        )
      }
      facts={
        record && [
          `Version ${record.dbVersion}`,
          <>found for {record.appliesTo?.map((trigger) => <Code key={trigger}>{trigger}</Code>) ?? 'no trigger'}</>,
          record.customerId && <CustomerName customerId={record.customerId} />,
        ]
      }
    >
      <EditorForm
        editor={editor}
        canWrite={writable}
        saveLabel={creating ? 'Create rule' : 'Save rule'}
        shown={RULE_FIELDS}
      >
        <RuleForm
          draft={editor.draft}
          onChange={editor.setDraft}
          errors={editor.errors}
          readOnly={!writable}
          creating={creating}
        />
      </EditorForm>
      {record && <ActivityPanel recordId={record.id} version={record.dbVersion} />}
    </RecordPage>
  );
}
