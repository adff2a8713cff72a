import { Badge, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useCan } from '../../auth/principal';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { EditorForm, RecordPending } from '../../ui/RecordEditor';
import { DuplicatePriceFunction } from './DuplicatePriceFunction';
import { PricedProductPreview } from './PricedProductPreview';
import { PRICE_FUNCTION_FIELDS, PriceFunctionForm } from './PriceFunctionForm';
import { usePriceFunctionRecord } from './price-function-queries';

const route = getRouteApi('/app/price-functions/$priceFunctionId');

/** One price function: its expression, parameters and inputs, saved with its version; beside it, a live priced preview. */
export function PriceFunctionPage(): ReactElement {
  const { priceFunctionId } = route.useParams();
  const can = useCan();
  const editor = usePriceFunctionRecord(priceFunctionId, () =>
    notifications.show({ message: 'Price function saved', color: 'green' }),
  );
  if (editor.status !== 'ready' || !editor.record)
    return <RecordPending editor={editor} label="Loading the price function" />;
  const fn = editor.record;
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
            <EditorForm editor={editor} canWrite={!readOnly} saveLabel="Save" shown={PRICE_FUNCTION_FIELDS}>
              <PriceFunctionForm
                draft={editor.draft}
                onChange={editor.setDraft}
                errors={editor.errors}
                readOnly={readOnly}
              />
            </EditorForm>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <PricedProductPreview fn={fn} edited={editor.edited} />
            <ActivityPanel recordId={fn.id} version={fn.dbVersion} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
