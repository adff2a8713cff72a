import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
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
  const replaceRow = (index: number, key: string, ids: string[]) =>
    onChange(Object.fromEntries(rows.map((row, at) => (at === index ? [key, ids] : row))));
  const removeRow = (index: number) => onChange(Object.fromEntries(rows.filter((_row, at) => at !== index)));
  return (
    <Card withBorder component="fieldset" p="sm" style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {legend}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {description}
      </Text>
      <Stack gap="sm">
        {rows.map(([key, ids], index) => (
          <Group key={index} align="end" wrap="wrap" gap="xs">
            <RecordSelect
              source={PRODUCTS}
              label={`${keyLabel} ${index + 1}`}
              value={key || undefined}
              onChange={(next) => replaceRow(index, next ?? '', ids)}
              scope={{ customerId }}
              exclude={rows.map(([other]) => other).filter((other) => other !== key)}
              w={{ base: '100%', sm: 260 }}
            />
            <div style={{ flex: 1, minWidth: 220 }}>
              <RecordMultiSelect
                source={PRODUCTS}
                label={`Recommended for ${keyLabel.toLowerCase()} ${index + 1}`}
                value={ids}
                onChange={(next) => replaceRow(index, key, next)}
                scope={{ customerId }}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => removeRow(index)}
              aria-label={`Remove ${keyLabel.toLowerCase()} ${index + 1}`}
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
            disabled={'' in (value ?? {})}
            onClick={() => onChange({ ...(value ?? {}), '': [] })}
          >
            Add a {keyLabel.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
