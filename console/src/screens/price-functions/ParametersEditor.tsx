import { Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { CODE_INPUT } from './code-input';
import { PARAMETER_TYPES, type Parameter, type ParameterType } from './price-function-draft';

interface Props {
  parameters: Parameter[];
  onChange: (parameters: Parameter[]) => void;
  /** Save errors by field path (`parameters.1.defaultValue`). */
  errors: FieldErrors;
  readOnly: boolean;
}

const bound = (value: string | number) => (typeof value === 'number' ? value : undefined);

/** The function's parameters, one fieldset each: its name in the expression, type, default, bounds or pattern, label. */
export function ParametersEditor({ parameters, onChange, errors, readOnly }: Props) {
  const update = (index: number, changes: Partial<Parameter>) =>
    onChange(parameters.map((parameter, at) => (at === index ? { ...parameter, ...changes } : parameter)));
  const error = (index: number, field: string) => errorOn(errors, `parameters.${index}.${field}`);

  return (
    <Stack gap="sm">
      {parameters.length === 0 && (
        <Text size="sm" c="dimmed">
          No parameter. Add one to make a value of the expression adjustable per request.
        </Text>
      )}
      {parameters.map((parameter, index) => {
        const type = parameter.type ?? 'NUMBER';
        const numeric = type === 'NUMBER' || type === 'INTEGER';
        return (
          <Fieldset
            key={index}
            legend={`Parameter ${index + 1}${parameter.field ? `: ${parameter.field}` : ''}`}
            disabled={readOnly}
            aria-label={`Parameter ${index + 1}`}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
              <TextInput
                label="Field"
                description="Its name in the expression"
                required
                value={parameter.field}
                onChange={(event) => update(index, { field: event.currentTarget.value })}
                error={error(index, 'field')}
                styles={CODE_INPUT}
              />
              <Select
                label="Type"
                data={PARAMETER_TYPES}
                value={type}
                allowDeselect={false}
                onChange={(value) => update(index, { type: (value as ParameterType | null) ?? 'NUMBER' })}
                error={error(index, 'type')}
              />
              {type === 'BOOLEAN' ? (
                <Select
                  label="Default value"
                  clearable
                  data={['true', 'false']}
                  value={parameter.defaultValue ?? null}
                  onChange={(value) => update(index, { defaultValue: value ?? undefined })}
                  error={error(index, 'defaultValue')}
                />
              ) : (
                <TextInput
                  label="Default value"
                  value={parameter.defaultValue ?? ''}
                  onChange={(event) => update(index, { defaultValue: event.currentTarget.value })}
                  error={error(index, 'defaultValue')}
                />
              )}
              {numeric && (
                <NumberInput
                  label="Minimum"
                  value={parameter.min ?? ''}
                  onChange={(value) => update(index, { min: bound(value) })}
                  error={error(index, 'min')}
                />
              )}
              {numeric && (
                <NumberInput
                  label="Maximum"
                  value={parameter.max ?? ''}
                  onChange={(value) => update(index, { max: bound(value) })}
                  error={error(index, 'max')}
                />
              )}
              {type === 'STRING' && (
                <TextInput
                  label="Pattern"
                  description="RE2 regular expression the whole value must match"
                  value={parameter.pattern ?? ''}
                  onChange={(event) => update(index, { pattern: event.currentTarget.value })}
                  error={error(index, 'pattern')}
                  styles={CODE_INPUT}
                />
              )}
              <TextInput
                label="Label (English)"
                value={parameter.labels?.en ?? ''}
                onChange={(event) => update(index, { labels: { ...parameter.labels, en: event.currentTarget.value } })}
                error={error(index, 'labels')}
              />
              <TextInput
                label="Internal description"
                value={parameter.internalDesc ?? ''}
                onChange={(event) => update(index, { internalDesc: event.currentTarget.value })}
              />
            </SimpleGrid>
            {!readOnly && (
              <Group justify="flex-end" mt="sm">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => onChange(parameters.filter((_, at) => at !== index))}
                  aria-label={`Remove parameter ${index + 1}${parameter.field ? ` (${parameter.field})` : ''}`}
                >
                  Remove
                </Button>
              </Group>
            )}
          </Fieldset>
        );
      })}
      {!readOnly && (
        <Group>
          <Button variant="light" onClick={() => onChange([...parameters, { field: '', type: 'NUMBER' }])}>
            Add a parameter
          </Button>
        </Group>
      )}
    </Stack>
  );
}
