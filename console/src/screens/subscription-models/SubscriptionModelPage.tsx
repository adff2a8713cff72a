import { Alert, Card, Code, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import { plainWords } from '../../api/api-error';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { termLabel, useSubscriptionModel } from './model-queries';

const route = getRouteApi('/app/subscription-models/$modelId');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** One model, as subscriptions copy it (the API changes no model once made), with its subscriptions and activity. */
export function SubscriptionModelPage(): ReactElement {
  const { modelId } = route.useParams();
  const model = useSubscriptionModel(modelId);
  if (model.isPending) return <Skeleton h={200} aria-label="Loading the subscription model" />;
  if (model.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(model.error)}
      </Alert>
    );
  const found = model.data;
  return (
    <Stack>
      <AnchorLink to="/subscription-models" search={{ page: 0, size: 20 }}>
        ← Subscription models
      </AnchorLink>
      <Title order={1}>{found.name ?? found.id}</Title>
      <Text c="dimmed" size="sm">
        <Code>{found.id}</Code> · a model is not changed once made: subscriptions keep a copy of it
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="model-details">
          <Title order={2} size="h4" mb="sm" id="model-details">
            Details
          </Title>
          <Table>
            <Table.Tbody>
              <Row label="Term">{termLabel(found.term)}</Row>
              <Row label="Trial">
                {found.durationUntilTrialEnd
                  ? `${found.durationUntilTrialEnd} days: new subscriptions start in TRIAL`
                  : 'none'}
              </Row>
              <Row label="Customer">
                {found.customerId ? <CustomerName customerId={found.customerId} /> : "the platform's standard model"}
              </Row>
              {found.createDate && <Row label="Created">{new Date(found.createDate).toLocaleString()}</Row>}
            </Table.Tbody>
          </Table>
          <AnchorLink to="/subscriptions" search={{ page: 0, size: 20, modelId: found.id }} mt="sm" display="block">
            Subscriptions following this model
          </AnchorLink>
        </Card>
        <ActivityPanel recordId={found.id} version={found.dbVersion} />
      </SimpleGrid>
    </Stack>
  );
}
