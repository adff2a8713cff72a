import { Alert, Button, Code, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { ErrorText } from '../../ui/ErrorText';
import { SectionCard } from '../../ui/SectionCard';
import { MONOSPACE_INPUT } from './EventFilterRows';
import { readSampleEvent, sampleEventFor } from './sample-event';

type Definition = Schemas['NotificationDefinition'];
type Mismatch = NonNullable<Schemas['NotificationDefinitionTestResult']['mismatch']>;

/** `eventMatcher.filters[1]` -> `Filter 2 ($.what.delta.status)`; other parts named as the API names them. */
function failedPart(mismatch: Mismatch, definition: Definition): string {
  const filter = /^eventMatcher\.filters\[(\d+)\]$/.exec(mismatch.field);
  if (filter) {
    const index = Number(filter[1]);
    return `Filter ${index + 1} (${definition.eventMatcher.filters?.[index]?.jsonPath ?? '?'})`;
  }
  return (
    {
      'eventMatcher.fact': 'The fact',
      'eventMatcher.subject': 'The subject',
      customerId: 'The customer',
      jsonPath: 'A JSONPath past its limits',
    }[mismatch.field] ?? mismatch.field
  );
}

/**
 * How the dispatcher would treat a sample event with the saved definition (`POST …/test`: nothing is stored or
 * sent): whether it matches, the part that failed, and the main object id found.
 */
export function DefinitionTestPanel({ definition, edited }: { definition: Definition; edited: boolean }) {
  const [text, setText] = useState(() => sampleEventFor(definition));
  const [problem, setProblem] = useState<string>();
  const test = useMutation({
    mutationFn: async (event: Schemas['OutsideEvent']) =>
      unwrap(
        await api.POST('/notification-definitions/{id}/test', { params: { path: { id: definition.id } }, body: event }),
      ),
  });
  const run = () => {
    const read = readSampleEvent(text);
    if ('problem' in read) {
      setProblem(read.problem);
      test.reset();
      return;
    }
    setProblem(undefined);
    test.mutate(read.event);
  };
  const result = test.data;

  return (
    <SectionCard title="Test against a sample event">
      <Stack>
        <Text size="sm" c="dimmed">
          Nothing is stored or sent. The test uses the saved definition
          {edited ? ': save your changes first to test them' : ''}.
        </Text>
        <Textarea
          label="Sample event (JSON)"
          description="fact, subject, what, involved and optionally customerId, as POST /events takes them"
          autosize
          minRows={8}
          maxRows={24}
          styles={MONOSPACE_INPUT}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={problem}
          spellCheck={false}
        />
        <Group>
          <Button onClick={run} loading={test.isPending}>
            Test the event
          </Button>
          <Button variant="subtle" onClick={() => setText(sampleEventFor(definition))}>
            Reset the sample
          </Button>
        </Group>
        <ErrorText error={test.error} />
        {result && (
          <Alert
            color={result.matches ? 'green' : 'orange'}
            title={result.matches ? 'The event matches' : 'The event does not match'}
            role="status"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <List size="sm" spacing={4}>
              {result.mismatch && (
                <List.Item>
                  Failed: <strong>{failedPart(result.mismatch, definition)}</strong>, expected{' '}
                  <Code>{result.mismatch.expected}</Code>, found{' '}
                  {result.mismatch.found.length
                    ? result.mismatch.found.map((found, index) => (
                        <Code key={index} mr={4}>
                          {found}
                        </Code>
                      ))
                    : 'nothing'}
                </List.Item>
              )}
              <List.Item>
                Main object id:{' '}
                {result.mainObjectId ? (
                  <Code>{result.mainObjectId}</Code>
                ) : (
                  'none found (the main id path selects nothing)'
                )}
              </List.Item>
            </List>
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
