import { ActionIcon, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

type Labels = Record<string, Record<string, string>>;
export interface LabelRow {
  locale: string;
  key: string;
  value: string;
}

export const rowsOf = (labels: Labels | undefined): LabelRow[] =>
  Object.entries(labels ?? {}).flatMap(([locale, entries]) =>
    Object.entries(entries).map(([key, value]) => ({ locale, key, value })),
  );

/** The rows as the API's map of maps (locale → key → text); rows without a locale or key are left out. */
export function labelsOf(rows: LabelRow[]): Labels | undefined {
  const labels: Labels = {};
  for (const row of rows)
    if (row.locale && row.key) labels[row.locale] = { ...labels[row.locale], [row.key]: row.value };
  return Object.keys(labels).length ? labels : undefined;
}

/** `cancelPeriodI18nConfiguration`: per locale, the texts that say the cancellation period (`fr` · `label` · `14 jours`). */
export function CancelPeriodLabelsEditor({
  rows,
  onChange,
  error,
}: {
  rows: LabelRow[];
  onChange: (rows: LabelRow[]) => void;
  error?: string;
}) {
  const replace = (index: number, changes: Partial<LabelRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  return (
    <Card withBorder component="fieldset" p="sm" style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        Cancellation period, per language
      </Text>
      <Stack gap="xs">
        {rows.map((row, index) => (
          <Group key={index} align="end" gap="xs" wrap="wrap">
            <TextInput
              label={`Locale ${index + 1}`}
              placeholder="fr"
              value={row.locale}
              onChange={(event) => replace(index, { locale: event.currentTarget.value })}
              w={{ base: '100%', xs: 90 }}
            />
            <TextInput
              label={`Key ${index + 1}`}
              placeholder="label"
              value={row.key}
              onChange={(event) => replace(index, { key: event.currentTarget.value })}
              w={{ base: '100%', xs: 120 }}
            />
            <TextInput
              label={`Text ${index + 1}`}
              placeholder="14 jours"
              value={row.value}
              onChange={(event) => replace(index, { value: event.currentTarget.value })}
              style={{ flex: 1, minWidth: 160 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => onChange(rows.filter((_row, at) => at !== index))}
              aria-label={`Remove text ${index + 1}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onChange([...rows, { locale: '', key: 'label', value: '' }])}
          >
            Add a text
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
