import { TextInput, type TextInputProps } from '@mantine/core';
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

/** A row's inputs, left to right: the locale and key are short codes, the text takes the rest of the line. */
const COLUMNS: ({ field: keyof LabelRow; label: string; placeholder: string } & Pick<TextInputProps, 'w' | 'style'>)[] =
  [
    { field: 'locale', label: 'Locale', placeholder: 'fr', w: { base: '100%', xs: 90 } },
    { field: 'key', label: 'Key', placeholder: 'label', w: { base: '100%', xs: 120 } },
    { field: 'value', label: 'Text', placeholder: '14 jours', style: { flex: 1, minWidth: 160 } },
  ];

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
          {COLUMNS.map(({ field, label, placeholder, ...width }) => (
            <TextInput
              key={field}
              label={`${label} ${index + 1}`}
              placeholder={placeholder}
              value={row[field]}
              onChange={(event) => replace({ ...row, [field]: event.currentTarget.value })}
              {...width}
            />
          ))}
        </EntryRow>
      )}
    />
  );
}
