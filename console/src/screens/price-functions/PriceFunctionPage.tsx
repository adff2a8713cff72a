import { Alert, Badge, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { ApiError, plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { DuplicatePriceFunction } from './DuplicatePriceFunction';
import { PricedProductPreview } from './PricedProductPreview';
import { PriceFunctionForm } from './PriceFunctionForm';
import { draftOf, type PriceFunctionDraft, saveErrors } from './price-function-draft';
import {
  priceFunctionKey,
  useCurrentPriceFunction,
  usePriceFunction,
  useSavePriceFunction,
} from './price-function-queries';

const route = getRouteApi('/app/price-functions/$priceFunctionId');

/** Inputs the editor shows an error on; any other field's error is shown above the save button. */
const shown = (field: string) =>
  /^(name|expression|productFields|variables|parameters\[\d+\]\.(field|type|defaultValue|min|max|pattern|labels))$/.test(
    field,
  );

/** One price function: its expression, parameters and inputs, saved with its version; beside it, a live priced preview. */
export function PriceFunctionPage(): ReactElement {
  const { priceFunctionId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const record = usePriceFunction(priceFunctionId);
  const [draft, setDraft] = useState<PriceFunctionDraft | null>(null);
  useEffect(() => {
    if (record.data) setDraft(draftOf(record.data));
  }, [record.data]);
  const save = useSavePriceFunction(priceFunctionId, () =>
    notifications.show({ message: 'Price function saved', color: 'green' }),
  );
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useCurrentPriceFunction(priceFunctionId, stale);

  if (record.isPending) return <Skeleton h={300} aria-label="Loading the price function" />;
  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  const fn = record.data;
  const editing = draft ?? draftOf(fn);
  const edited = JSON.stringify(editing) !== JSON.stringify(draftOf(fn));
  const errors = stale ? { fields: {} } : saveErrors(save.error, shown);
  const readOnly = !can('catalog:write');

  return (
    <Stack>
      <AnchorLink to="/price-functions" search={{ page: 0, size: 20 }}>
        ← Price functions
      </AnchorLink>
      <Group justify="space-between">
        <Group>
          <Title order={1}>{fn.name}</Title>
          <Badge variant="light">version {fn.dbVersion}</Badge>
          {edited && (
            <Badge variant="filled" color="gray.8">
              unsaved changes
            </Badge>
          )}
        </Group>
        {!readOnly && <DuplicatePriceFunction fn={fn} />}
      </Group>
      <Text c="dimmed" size="sm">
        {fn.customerId ? <CustomerName customerId={fn.customerId} /> : 'Operator function'} · updated{' '}
        {new Date(fn.updateDate).toLocaleString()}
        {fn.originalId ? ` · copied from ${fn.originalId}` : ''}
      </Text>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder component="section" aria-label="Definition">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(editing);
              }}
            >
              <Stack>
                <PriceFunctionForm draft={editing} onChange={setDraft} errors={errors.fields} readOnly={readOnly} />
                {errors.general && (
                  <Alert color="red" role="alert" title="Not saved">
                    {errors.general}
                  </Alert>
                )}
                {!readOnly && (
                  <Group>
                    <Button type="submit" loading={save.isPending} disabled={!edited}>
                      Save
                    </Button>
                    <Button
                      variant="default"
                      disabled={!edited || save.isPending}
                      onClick={() => {
                        save.reset();
                        setDraft(draftOf(fn));
                      }}
                    >
                      Discard changes
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PricedProductPreview fn={fn} edited={edited} />
        </Grid.Col>
      </Grid>
      <StaleVersionDialog
        opened={stale}
        base={{ ...draftOf(fn) }}
        mine={{ ...editing }}
        theirs={current.data ? { ...draftOf(current.data) } : undefined}
        onClose={() => save.reset()}
        onReload={() => {
          save.reset();
          if (current.data) queryClient.setQueryData(priceFunctionKey(priceFunctionId), current.data);
        }}
        onOverwrite={(merged) => current.data && save.mutate({ ...merged, dbVersion: current.data.dbVersion })}
      />
    </Stack>
  );
}
