import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
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
import { CancelPeriodLabelsEditor, type LabelRow, labelsOf, rowsOf } from './CancelPeriodLabelsEditor';
import { isoToLocalInput, localInputToIso } from './terms-dates';
import { type CompanyTermsDraft, companyTermsDraftOf, emptyCompanyTerms, withoutEmptyTexts } from './terms-draft';

const route = getRouteApi('/app/company-terms/$companyTermsId');

/** Company terms parameters, new (`/company-terms/new`) or stored, saved with their version. */
export function CompanyTermsItemPage(): ReactElement {
  const { companyTermsId } = route.useParams();
  const creating = companyTermsId === 'new';
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = ['company-terms', companyTermsId];
  const read = async () => unwrap(await api.GET('/company-terms/{id}', { params: { path: { id: companyTermsId } } }));
  const record = useQuery({ queryKey: key, queryFn: read, enabled: !creating });
  const [draft, setDraft] = useState<CompanyTermsDraft>(emptyCompanyTerms);
  const [labels, setLabels] = useState<LabelRow[]>([]);
  useEffect(() => {
    if (!record.data) return;
    setDraft(companyTermsDraftOf(record.data));
    setLabels(rowsOf(record.data.cancelPeriodI18nConfiguration));
  }, [record.data]);
  const set = (changes: Partial<CompanyTermsDraft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const edited = (): CompanyTermsDraft => ({ ...draft, cancelPeriodI18nConfiguration: labelsOf(labels) });

  const save = useMutation({
    mutationFn: async (body: CompanyTermsDraft) =>
      creating
        ? unwrap(
            await api.POST('/company-terms', {
              body: withoutEmptyTexts(body),
              headers: { 'idempotency-key': crypto.randomUUID() },
            }),
          )
        : unwrap(
            await api.PUT('/company-terms/{id}', {
              params: { path: { id: companyTermsId } },
              body: withoutEmptyTexts(body),
            }),
          ),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['company-terms'] });
      queryClient.setQueryData(['company-terms', saved.id], saved);
      notifications.show({ message: creating ? 'Company terms created' : 'Company terms saved', color: 'green' });
      if (creating) await navigate({ to: '/company-terms/$companyTermsId', params: { companyTermsId: saved.id } });
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({ queryKey: [...key, 'current'], queryFn: read, enabled: stale, staleTime: 0 });
  const errors = fieldErrorsOf(save.error);
  const writable = can('terms:write');

  if (!creating && record.isPending) return <Skeleton h={400} aria-label="Loading the company terms" />;
  if (!creating && record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );

  return (
    <Stack>
      <AnchorLink to="/company-terms" search={{ page: 0, size: 20 }}>
        ← Company terms
      </AnchorLink>
      <Title order={1}>{creating ? 'New company terms' : (record.data?.corporateUrl ?? 'Company terms')}</Title>
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
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(edited());
        }}
      >
        <fieldset disabled={!writable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <Card withBorder>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {creating && (
                  <OwnerCustomerSelect
                    value={draft.customerId}
                    onChange={(customerId) => set({ customerId })}
                    label="Customer (empty: the platform's own)"
                    error={errorOn(errors, 'customerId')}
                  />
                )}
                <TextInput
                  label="Corporate URL"
                  required
                  type="url"
                  placeholder="https://example.org"
                  value={draft.corporateUrl}
                  onChange={(event) => set({ corporateUrl: event.currentTarget.value })}
                  error={errorOn(errors, 'corporateUrl')}
                />
                <TextInput
                  label="Contact form"
                  required
                  placeholder="https://example.org/contact"
                  value={draft.contactForm}
                  onChange={(event) => set({ contactForm: event.currentTarget.value })}
                  error={errorOn(errors, 'contactForm')}
                />
                <TextInput
                  label="Cancellation period"
                  required
                  placeholder="14 days"
                  value={draft.cancelPeriod}
                  onChange={(event) => set({ cancelPeriod: event.currentTarget.value })}
                  error={errorOn(errors, 'cancelPeriod')}
                />
                <TextInput
                  label="Provider's share capital"
                  required
                  placeholder="100000 EUR"
                  value={draft.providerSasCapital}
                  onChange={(event) => set({ providerSasCapital: event.currentTarget.value })}
                  error={errorOn(errors, 'providerSasCapital')}
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
                  label="Reason for this change"
                  value={draft.lastUpdateReason ?? ''}
                  onChange={(event) => set({ lastUpdateReason: event.currentTarget.value })}
                  error={errorOn(errors, 'lastUpdateReason')}
                />
              </SimpleGrid>
            </Card>
            <CancelPeriodLabelsEditor
              rows={labels}
              onChange={setLabels}
              error={errorOn(errors, 'cancelPeriodI18nConfiguration')}
            />
            {save.error && !stale && (
              <Alert color="red" role="alert">
                {plainWords(save.error)}
              </Alert>
            )}
            {writable && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {creating ? 'Create company terms' : 'Save company terms'}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      <StaleVersionDialog
        opened={stale}
        base={record.data ? companyTermsDraftOf(record.data) : undefined}
        mine={edited()}
        theirs={current.data ? companyTermsDraftOf(current.data) : undefined}
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
