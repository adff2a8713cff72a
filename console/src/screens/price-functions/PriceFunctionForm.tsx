import { Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { errorOn, type FieldErrors, shownFields } from '../../ui/field-errors';
import { CODE_INPUT } from './code-input';
import { ParametersEditor } from './ParametersEditor';
import { COMMON_PRODUCT_FIELDS, type PriceFunctionDraft } from './price-function-draft';

interface Props {
  draft: PriceFunctionDraft;
  onChange: (draft: PriceFunctionDraft) => void;
  errors: FieldErrors;
  readOnly: boolean;
}

/** The fields this form shows errors on. */
export const PRICE_FUNCTION_FIELDS = shownFields('name', 'expression', 'parameters', 'productFields', 'variables');

/** The editable part of a price function: name, expression, parameters, and the product fields and variables it reads. */
export function PriceFunctionForm({ draft, onChange, errors, readOnly }: Props) {
  const set = (changes: Partial<PriceFunctionDraft>) => onChange({ ...draft, ...changes });
  return (
    <Stack>
      <TextInput
        label="Name"
        required
        readOnly={readOnly}
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={errorOn(errors, 'name')}
      />
      <Textarea
        label="Expression"
        description="JEXL: price (the list price), quantity, the parameters' fields, the product fields and variables listed below. The result is the unit price."
        required
        readOnly={readOnly}
        autosize
        minRows={4}
        maxRows={16}
        styles={CODE_INPUT}
        spellCheck={false}
        value={draft.expression}
        onChange={(event) => set({ expression: event.currentTarget.value })}
        error={errorOn(errors, 'expression')}
      />
      <Title order={2} size="h4">
        Parameters
      </Title>
      <ParametersEditor
        parameters={draft.parameters ?? []}
        onChange={(parameters) => set({ parameters })}
        errors={errors}
        readOnly={readOnly}
      />
      <TagsInput
        label="Product fields"
        description="Fields of the product the expression reads (Enter adds one)"
        readOnly={readOnly}
        data={[...COMMON_PRODUCT_FIELDS]}
        value={draft.productFields ?? []}
        onChange={(productFields) => set({ productFields })}
        error={errorOn(errors, 'productFields')}
      />
      <TagsInput
        label="Variables"
        description="Product variables (availableVariables) the expression reads (Enter adds one)"
        readOnly={readOnly}
        value={draft.variables ?? []}
        onChange={(variables) => set({ variables })}
        error={errorOn(errors, 'variables')}
      />
    </Stack>
  );
}
