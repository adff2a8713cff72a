import { TextInput } from '@mantine/core';
import { EntryListEditor } from '../../ui/EntryListEditor';
import { EntryRow } from '../../ui/EntryRow';

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
  return (
    <EntryListEditor
      legend="Cancellation period, per language"
      entries={rows}
      onChange={onChange}
      newEntry={() => ({ locale: '', key: 'label', value: '' })}
      addLabel="Add a text"
      error={error}
      renderEntry={(row, { index, replace, remove }) => (
        <EntryRow removeLabel={`Remove text ${index + 1}`} onRemove={remove}>
          <TextInput
            label={`Locale ${index + 1}`}
            placeholder="fr"
            value={row.locale}
            onChange={(event) => replace({ ...row, locale: event.currentTarget.value })}
            w={{ base: '100%', xs: 90 }}
          />
          <TextInput
            label={`Key ${index + 1}`}
            placeholder="label"
            value={row.key}
            onChange={(event) => replace({ ...row, key: event.currentTarget.value })}
            w={{ base: '100%', xs: 120 }}
          />
          <TextInput
            label={`Text ${index + 1}`}
            placeholder="14 jours"
            value={row.value}
            onChange={(event) => replace({ ...row, value: event.currentTarget.value })}
            style={{ flex: 1, minWidth: 160 }}
          />
        </EntryRow>
      )}
    />
  );
}
