import type { Schemas } from '../../api/client';

export type PriceFunction = Schemas['PriceFunction'];
export type PriceFunctionDraft = Schemas['PriceFunctionDraft'];
export type Parameter = NonNullable<PriceFunctionDraft['parameters']>[number];
export type ParameterType = NonNullable<Parameter['type']>;

export const PARAMETER_TYPES: ParameterType[] = ['NUMBER', 'INTEGER', 'STRING', 'BOOLEAN'];

/** Product fields an expression commonly reads; the API accepts any key of the Product schema. */
export const COMMON_PRODUCT_FIELDS = [
  'genericName',
  'codeName',
  'lifeTime',
  'productFamily',
  'type',
  'physical',
  'priority',
  'trialDuration',
  'maxQuantityAllowed',
  'sellingStores',
] as const satisfies readonly (keyof Schemas['Product'])[];

/** What the editor changes of a stored function: the rest (id, dates) the server sets. */
export function draftOf(record: PriceFunction): PriceFunctionDraft {
  return {
    name: record.name,
    expression: record.expression,
    parameters: record.parameters ?? [],
    productFields: record.productFields ?? [],
    variables: record.variables ?? [],
    ...(record.customerId ? { customerId: record.customerId } : {}),
    dbVersion: record.dbVersion,
  };
}

/** Empty inputs mean "not set": the API would read an empty default or pattern as a value. */
export function cleanParameter(parameter: Parameter): Parameter {
  const labels = Object.fromEntries(Object.entries(parameter.labels ?? {}).filter(([, text]) => text.trim() !== ''));
  return {
    field: parameter.field.trim(),
    type: parameter.type ?? 'NUMBER',
    ...(parameter.defaultValue !== undefined && parameter.defaultValue !== ''
      ? { defaultValue: parameter.defaultValue }
      : {}),
    ...(typeof parameter.min === 'number' ? { min: parameter.min } : {}),
    ...(typeof parameter.max === 'number' ? { max: parameter.max } : {}),
    ...(parameter.type === 'STRING' && parameter.pattern ? { pattern: parameter.pattern } : {}),
    ...(parameter.internalDesc ? { internalDesc: parameter.internalDesc } : {}),
    ...(Object.keys(labels).length ? { labels } : {}),
  };
}

export function bodyOf(draft: PriceFunctionDraft): PriceFunctionDraft {
  return { ...draft, name: draft.name.trim(), parameters: (draft.parameters ?? []).map(cleanParameter) };
}
