import { EntryListEditor } from '../../ui/EntryListEditor';
import { EntryRow } from '../../ui/EntryRow';
import { EntryTextInputs, type TextColumn } from '../../ui/EntryTextInputs';

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
const COLUMNS: TextColumn<LabelRow>[] = [
  { field: 'locale', label: (number) => `Locale ${number}`, placeholder: 'fr', w: { base: '100%', xs: 90 } },
  { field: 'key', label: (number) => `Key ${number}`, placeholder: 'label', w: { base: '100%', xs: 120 } },
  { field: 'value', label: (number) => `Text ${number}`, placeholder: '14 jours', style: { flex: 1, minWidth: 160 } },
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
          <EntryTextInputs entry={row} number={index + 1} columns={COLUMNS} onChange={replace} />
        </EntryRow>
      )}
    />
  );
}
