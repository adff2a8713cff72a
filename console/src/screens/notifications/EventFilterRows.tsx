import { Button, CloseButton, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Schemas } from '../../api/client';

type Filter = Schemas['NotificationEventFilter'];

/** Paths in a monospace face; their labels stay in the text face. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * The matcher's JSONPath filters as rows: every row must select a value equal to its value for the event to match.
 * `errors` are keyed `eventMatcher.filters.<i>.jsonPath` (as the API names them).
 */
export function EventFilterRows({
  filters,
  onChange,
  errors,
  readOnly,
}: {
  filters: Filter[];
  onChange: (filters: Filter[]) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const change = (index: number, patch: Partial<Filter>) =>
    onChange(filters.map((filter, at) => (at === index ? { ...filter, ...patch } : filter)));
  return (
    <Fieldset legend="Filters (all must match)">
      <Stack gap="xs">
        {filters.length === 0 && (
          <Text size="sm" c="dimmed">
            No filter: every event of this subject and fact matches.
          </Text>
        )}
        {filters.map((filter, index) => (
          <Group key={index} align="end" wrap="wrap" gap="xs">
            <TextInput
              label={`Filter ${index + 1} JSONPath`}
              placeholder="$.what.delta.status"
              required
              value={filter.jsonPath}
              readOnly={readOnly}
              onChange={(event) => change(index, { jsonPath: event.currentTarget.value })}
              error={errors[`eventMatcher.filters.${index}.jsonPath`] ?? errors[`eventMatcher.filters.${index}`]}
              style={{ flex: '2 1 160px' }}
              styles={MONOSPACE_INPUT}
            />
            <TextInput
              label={`Filter ${index + 1} value`}
              placeholder="DISABLED"
              value={filter.value}
              readOnly={readOnly}
              onChange={(event) => change(index, { value: event.currentTarget.value })}
              error={errors[`eventMatcher.filters.${index}.value`]}
              style={{ flex: '1 1 100px' }}
            />
            {!readOnly && (
              <CloseButton
                size="lg"
                mb={4}
                onClick={() => onChange(filters.filter((_, at) => at !== index))}
                aria-label={`Remove filter ${index + 1}`}
                title={`Remove filter ${index + 1}`}
              />
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button variant="light" size="xs" onClick={() => onChange([...filters, { jsonPath: '', value: '' }])}>
              Add filter
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
