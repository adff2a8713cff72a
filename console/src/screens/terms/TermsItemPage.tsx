import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { AnchorLink } from '../../ui/links';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { TemplatePreview } from './TemplatePreview';
import { isoToLocalInput, localInputToIso } from './terms-dates';
import {
  emptyTerms,
  TERMS_MODELS,
  TERMS_STATUSES,
  type TermsDraft,
  termsDraftOf,
  withoutEmptyTexts,
} from './terms-draft';

const route = getRouteApi('/app/terms/$termsId');

/** A terms template, new (`/terms/new`) or stored: its fields, its template beside a sandboxed preview, saved with its version. */
export function TermsItemPage(): ReactElement {
  const { termsId } = route.useParams();
  const creating = termsId === 'new';
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = ['terms', termsId];
  const read = async () => unwrap(await api.GET('/terms/{id}', { params: { path: { id: termsId } } }));
  const record = useQuery({ queryKey: key, queryFn: read, enabled: !creating });
  const [draft, setDraft] = useState<TermsDraft>(emptyTerms);
  useEffect(() => {
    if (record.data) setDraft(termsDraftOf(record.data));
  }, [record.data]);
  const set = (changes: Partial<TermsDraft>) => setDraft((previous) => ({ ...previous, ...changes }));

  const save = useMutation({
    mutationFn: async (body: TermsDraft) =>
      creating
        ? unwrap(
            await api.POST('/terms', {
              body: withoutEmptyTexts(body),
              headers: { 'idempotency-key': crypto.randomUUID() },
            }),
          )
        : unwrap(await api.PUT('/terms/{id}', { params: { path: { id: termsId } }, body: withoutEmptyTexts(body) })),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['terms'] });
      queryClient.setQueryData(['terms', saved.id], saved);
      notifications.show({ message: creating ? 'Template created' : 'Template saved', color: 'green' });
      if (creating) await navigate({ to: '/terms/$termsId', params: { termsId: saved.id } });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({ queryKey: [...key, 'current'], queryFn: read, enabled: stale, staleTime: 0 });
  const errors = fieldErrorsOf(save.error);
  const writable = can('terms:write');

  if (!creating && record.isPending) return <Skeleton h={400} aria-label="Loading the template" />;
  if (!creating && record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );

  return (
    <Stack>
      <AnchorLink to="/terms" search={{ page: 0, size: 20 }}>
        ← Terms templates
      </AnchorLink>
      <Group>
        <Title order={1}>
          {creating ? 'New terms template' : `Terms template${record.data?.locale ? ` (${record.data.locale})` : ''}`}
        </Title>
        {record.data?.status && <Badge variant="dot">{record.data.status}</Badge>}
      </Group>
      {record.data && (
        <Text c="dimmed" size="sm">
          Version {record.data.dbVersion}
          {record.data.customerId ? (
            <>
              {' · '}
              <CustomerName customerId={record.data.customerId} />
            </>
          ) : (
            ''
          )}
          {record.data.lastUpdater ? ` · last updated by ${record.data.lastUpdater}` : ''}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <fieldset disabled={!writable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <Card withBorder>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {creating && (
                  <OwnerCustomerSelect
                    value={draft.customerId}
                    onChange={(customerId) => set({ customerId })}
                    label="Customer (empty: the platform's own)"
                    error={errorOn(errors, 'customerId')}
                  />
                )}
                <Select
                  label="Model"
                  data={[...TERMS_MODELS]}
                  value={draft.model}
                  onChange={(value) => set({ model: TERMS_MODELS.find((model) => model === value) ?? 'MOR' })}
                  allowDeselect={false}
                  error={errorOn(errors, 'model')}
                />
                <Select
                  label="Status"
                  data={[...TERMS_STATUSES]}
                  value={draft.status ?? null}
                  onChange={(value) => set({ status: TERMS_STATUSES.find((status) => status === value) })}
                  clearable
                  error={errorOn(errors, 'status')}
                />
                <TextInput
                  label="Locale"
                  placeholder="fr_FR"
                  value={draft.locale ?? ''}
                  onChange={(event) => set({ locale: event.currentTarget.value })}
                  error={errorOn(errors, 'locale')}
                />
                <TextInput
                  label="Start"
                  description="Your local time"
                  type="datetime-local"
                  required
                  value={isoToLocalInput(draft.startDate)}
                  onChange={(event) =>
                    set({ startDate: localInputToIso(event.currentTarget.value) ?? draft.startDate })
                  }
                  error={errorOn(errors, 'startDate')}
                />
                <TextInput
                  label="Starting date (as shown to buyers)"
                  value={draft.startingDate ?? ''}
                  onChange={(event) => set({ startingDate: event.currentTarget.value })}
                  error={errorOn(errors, 'startingDate')}
                />
                <TextInput
                  label="Last updater"
                  value={draft.lastUpdater ?? ''}
                  onChange={(event) => set({ lastUpdater: event.currentTarget.value })}
                  error={errorOn(errors, 'lastUpdater')}
                />
                <TextInput
                  label="Reason for this change"
                  value={draft.lastUpdateReason ?? ''}
                  onChange={(event) => set({ lastUpdateReason: event.currentTarget.value })}
                  error={errorOn(errors, 'lastUpdateReason')}
                />
              </SimpleGrid>
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Textarea
                label="Template (HTML)"
                required
                autosize
                minRows={16}
                maxRows={30}
                value={draft.template}
                onChange={(event) => set({ template: event.currentTarget.value })}
                error={errorOn(errors, 'template')}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                spellCheck={false}
              />
              <TemplatePreview template={draft.template} title="Preview of the terms template" />
            </SimpleGrid>
            {save.error && !stale && (
              <Alert color="red" role="alert">
                {plainWords(save.error)}
              </Alert>
            )}
            {writable && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {creating ? 'Create template' : 'Save template'}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      <StaleVersionDialog
        opened={stale}
        base={record.data ? termsDraftOf(record.data) : undefined}
        mine={draft}
        theirs={current.data ? termsDraftOf(current.data) : undefined}
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
