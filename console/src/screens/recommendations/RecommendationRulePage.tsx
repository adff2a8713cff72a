import { Alert, Badge, Button, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { fieldErrorsOf } from '../../ui/field-errors';
import { AnchorLink } from '../../ui/links';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { RuleForm } from './RuleForm';
import { bodyOf, draftOf, emptyRule, type RuleDraft } from './rule-draft';

const route = getRouteApi('/app/recommendation-rules/$ruleId');
const BACK = { page: 0, size: 20 };

/** A new rule (`/recommendation-rules/new`) or a stored one, edited and saved with its version. */
export function RecommendationRulePage(): ReactElement {
  const { ruleId } = route.useParams();
  const creating = ruleId === 'new';
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = ['recommendation-rules', ruleId];
  const read = async () => unwrap(await api.GET('/recommendation-rules/{id}', { params: { path: { id: ruleId } } }));
  const record = useQuery({ queryKey: key, queryFn: read, enabled: !creating });
  const [draft, setDraft] = useState<RuleDraft>(emptyRule);
  useEffect(() => {
    if (record.data) setDraft(draftOf(record.data));
  }, [record.data]);

  const save = useMutation({
    mutationFn: async (body: RuleDraft) =>
      creating
        ? unwrap(
            await api.POST('/recommendation-rules', {
              body: bodyOf(body),
              headers: { 'idempotency-key': crypto.randomUUID() },
            }),
          )
        : unwrap(await api.PUT('/recommendation-rules/{id}', { params: { path: { id: ruleId } }, body: bodyOf(body) })),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['recommendation-rules'] });
      queryClient.setQueryData(['recommendation-rules', saved.id], saved);
      notifications.show({ message: creating ? `Rule "${saved.name}" created` : 'Rule saved', color: 'green' });
      if (creating) await navigate({ to: '/recommendation-rules/$ruleId', params: { ruleId: saved.id } });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({ queryKey: [...key, 'current'], queryFn: read, enabled: stale, staleTime: 0 });
  const errors = fieldErrorsOf(save.error);

  if (!creating && record.isPending) return <Skeleton h={400} aria-label="Loading the rule" />;
  if (!creating && record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const writable = can('recommendations:write');

  return (
    <Stack>
      <AnchorLink to="/recommendation-rules" search={BACK}>
        ← Recommendation rules
      </AnchorLink>
      <Group>
        <Title order={1}>{creating ? 'New recommendation rule' : record.data?.name}</Title>
        {record.data && (
          <Badge variant="dot" color={record.data.status === 'ENABLED' ? 'green' : 'gray'}>
            {record.data.status}
          </Badge>
        )}
      </Group>
      {record.data && (
        <Text c="dimmed" size="sm">
          Version {record.data.dbVersion} · found for{' '}
          {record.data.appliesTo?.map((trigger) => <Code key={trigger}>{trigger}</Code>) ?? 'no trigger'}
          {record.data.customerId ? (
            <>
              {' · '}
              <CustomerName customerId={record.data.customerId} />
            </>
          ) : (
            ''
          )}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <Stack>
          <RuleForm draft={draft} onChange={setDraft} errors={errors} readOnly={!writable} creating={creating} />
          {save.error && !stale && (
            <Alert color="red" role="alert">
              {plainWords(save.error)}
            </Alert>
          )}
          {writable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {creating ? 'Create rule' : 'Save rule'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <StaleVersionDialog
        opened={stale}
        base={record.data ? draftOf(record.data) : undefined}
        mine={draft}
        theirs={current.data ? draftOf(current.data) : undefined}
        onClose={() => save.reset()}
        onReload={() => {
          save.reset();
          if (current.data) queryClient.setQueryData(key, current.data);
        }}
        onOverwrite={(merged) => current.data && save.mutate({ ...merged, dbVersion: current.data.dbVersion })}
      />
    </Stack>
  );
}
