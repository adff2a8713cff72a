import { EntryListEditor } from '../../ui/EntryListEditor';
import { EntryRow } from '../../ui/EntryRow';
import { RecordMultiSelect, RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';

type ProductMap = Record<string, string[]>;

interface Props {
  /** What a key is: "Cart product" or "Parent product". */
  keyLabel: string;
  legend: string;
  description: string;
  value: ProductMap | undefined;
  onChange: (map: ProductMap) => void;
  customerId?: string;
  error?: string;
}

/** A product → recommended products map (`byProductIds`, `byParentProductIds`): one row per trigger product. */
export function ProductMapEditor({ keyLabel, legend, description, value, onChange, customerId, error }: Props) {
  const rows = Object.entries(value ?? {});
  const keyName = keyLabel.toLowerCase();
  return (
    <EntryListEditor
      legend={legend}
      description={description}
      entries={rows}
      onChange={(next) => onChange(Object.fromEntries(next))}
      newEntry={(): [string, string[]] => ['', []]}
      addLabel={`Add a ${keyName}`}
      // A map holds one key once: a second blank row would merge into the first.
      addDisabled={rows.some(([key]) => key === '')}
      error={error}
      renderEntry={([key, ids], { index, replace, remove }) => (
        <EntryRow removeLabel={`Remove ${keyName} ${index + 1}`} onRemove={remove}>
          <RecordSelect
            source={PRODUCTS}
            label={`${keyLabel} ${index + 1}`}
            value={key || undefined}
            onChange={(next) => replace([next ?? '', ids])}
            scope={{ customerId }}
            exclude={rows.map(([other]) => other).filter((other) => other !== key)}
            w={{ base: '100%', sm: 260 }}
          />
          <div style={{ flex: 1, minWidth: 220 }}>
            <RecordMultiSelect
              source={PRODUCTS}
              label={`Recommended for ${keyName} ${index + 1}`}
              value={ids}
              onChange={(next) => replace([key, next])}
              scope={{ customerId }}
            />
          </div>
        </EntryRow>
      )}
    />
  );
}
