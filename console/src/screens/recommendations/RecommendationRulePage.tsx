import { Badge, Code } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { RecordPending } from '../../ui/RecordEditor';
import { RecordEditorPage } from '../../ui/RecordEditorPage';
import { useRecordSaved } from '../../ui/record-saved';
import { versionFacts } from '../../ui/version-facts';
import { createOrReplace, useVersionedRecord } from '../../ui/versioned-record';
import { RULE_FIELDS, RuleForm } from './RuleForm';
import { bodyOf, draftOf, emptyRule, type Rule, type RuleDraft } from './rule-draft';

const route = getRouteApi('/app/recommendation-rules/$ruleId');

/** A rule (`/recommendation-rules/new` creates one), read, created and saved with its version. */
function useRuleRecord(id: string) {
  const creating = id === 'new';
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
    onSaved: useRecordSaved({
      kind: 'recommendation-rules',
      creating,
      notice: (saved: Rule) => (creating ? `Rule "${saved.name}" created` : 'Rule saved'),
      pageOf: (saved) => ({ to: '/recommendation-rules/$ruleId', params: { ruleId: saved.id } }),
    }),
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
    <RecordEditorPage
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
      facts={versionFacts(
        record,
        record && (
          <>found for {record.appliesTo?.map((trigger) => <Code key={trigger}>{trigger}</Code>) ?? 'no trigger'}</>
        ),
      )}
      editor={editor}
      canWrite={writable}
      noun="rule"
      shown={RULE_FIELDS}
    >
      <RuleForm
        draft={editor.draft}
        onChange={editor.setDraft}
        errors={editor.errors}
        readOnly={!writable}
        creating={creating}
      />
    </RecordEditorPage>
  );
}
