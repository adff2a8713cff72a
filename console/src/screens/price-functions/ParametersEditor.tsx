import { Button, Fieldset, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { draftFields } from '../../ui/draft-fields';
import { EntryListEditor } from '../../ui/EntryListEditor';
import type { FieldErrors } from '../../ui/field-errors';
import { CODE_INPUT } from './code-input';
import { PARAMETER_TYPES, type Parameter } from './price-function-draft';

interface Props {
  parameters: Parameter[];
  onChange: (parameters: Parameter[]) => void;
  /** Save errors by field path (`parameters.1.defaultValue`). */
  errors: FieldErrors;
  readOnly: boolean;
}

/** The function's parameters, one fieldset each: its name in the expression, type, default, bounds or pattern, label. */
export function ParametersEditor({ parameters, onChange, errors, readOnly }: Props) {
  return (
    <EntryListEditor
      entries={parameters}
      onChange={onChange}
      newEntry={(): Parameter => ({ field: '', type: 'NUMBER' })}
      addLabel="Add a parameter"
      empty="No parameter. Add one to make a value of the expression adjustable per request."
      readOnly={readOnly}
      renderEntry={(parameter, { index, replace, remove }) => (
        <ParameterFields
          parameter={parameter}
          index={index}
          update={(patch) => replace({ ...parameter, ...patch })}
          remove={remove}
          errors={errors}
          readOnly={readOnly}
        />
      )}
    />
  );
}

/** One parameter's fieldset: the inputs its type takes, and (editable) its Remove button. */
function ParameterFields({
  parameter,
  index,
  update,
  remove,
  errors,
  readOnly,
}: {
  parameter: Parameter;
  index: number;
  update: (patch: Partial<Parameter>) => void;
  remove: () => void;
  errors: FieldErrors;
  readOnly: boolean;
}) {
  const inputs = draftFields({ draft: parameter, update, errors, path: `parameters.${index}` });
  const type = parameter.type ?? 'NUMBER';
  const numeric = type === 'NUMBER' || type === 'INTEGER';
  const named = parameter.field ? ` (${parameter.field})` : '';
  return (
    <Fieldset
      legend={`Parameter ${index + 1}${parameter.field ? `: ${parameter.field}` : ''}`}
      disabled={readOnly}
      aria-label={`Parameter ${index + 1}`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
        <TextInput
          label="Field"
          description="Its name in the expression"
          required
          {...inputs.text('field')}
          styles={CODE_INPUT}
        />
        <Select
          label="Type"
          data={PARAMETER_TYPES}
          allowDeselect={false}
          {...inputs.choice('type', PARAMETER_TYPES, 'NUMBER')}
        />
        {type === 'BOOLEAN' ? (
          <Select
            label="Default value"
            clearable
            data={['true', 'false']}
            {...inputs.choice('defaultValue', ['true', 'false'])}
          />
        ) : (
          <TextInput label="Default value" {...inputs.text('defaultValue')} />
        )}
        {numeric && <NumberInput label="Minimum" {...inputs.number('min')} />}
        {numeric && <NumberInput label="Maximum" {...inputs.number('max')} />}
        {type === 'STRING' && (
          <TextInput
            label="Pattern"
            description="RE2 regular expression the whole value must match"
            {...inputs.text('pattern')}
            styles={CODE_INPUT}
          />
        )}
        <TextInput
          label="Label (English)"
          {...inputs.part('labels').text('en')}
          // The labels of other languages are not edited here: a refusal of any is said on this one.
          error={inputs.error('labels')}
        />
        <TextInput label="Internal description" {...inputs.text('internalDesc')} />
      </SimpleGrid>
      {!readOnly && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={remove}
            aria-label={`Remove parameter ${index + 1}${named}`}
          >
            Remove
          </Button>
        </Group>
      )}
    </Fieldset>
  );
}
