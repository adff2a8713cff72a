import Type, { type Static } from 'typebox';
import { List, Obj, StringEnum, StringMap, sharedFields, Text } from '../../platform/resource/declare.js';

export const PARAMETER_TYPES = ['INTEGER', 'NUMBER', 'STRING', 'BOOLEAN'] as const;

/** A JEXL identifier: what a parameter, a product field or a variable is called inside the expression. */
export const IDENTIFIER_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';

export const PriceFunctionParameterSchema = Obj(
  {
    field: Type.String({
      pattern: IDENTIFIER_PATTERN,
      maxLength: 64,
      description: 'name of the parameter in the expression',
    }),
    type: Type.Optional(
      StringEnum(PARAMETER_TYPES, { description: 'INTEGER, NUMBER, STRING or BOOLEAN (default NUMBER)' }),
    ),
    defaultValue: Type.Optional(Text({ maxLength: 256, description: 'value used when none is supplied, as text' })),
    internalDesc: Type.Optional(Text()),
    labels: Type.Optional(StringMap(Text())),
    min: Type.Optional(Type.Number({ description: 'smallest value allowed (INTEGER, NUMBER)' })),
    max: Type.Optional(Type.Number({ description: 'largest value allowed (INTEGER, NUMBER)' })),
    pattern: Type.Optional(Text({ maxLength: 256, description: 'regular expression a STRING value must match' })),
  },
  { $id: 'PriceFunctionParameter', title: 'Price function parameter' },
);
export type PriceFunctionParameter = Static<typeof PriceFunctionParameterSchema>;

export const PriceFunctionSchema = Obj(
  {
    ...sharedFields,
    name: Text({ maxLength: 256 }),
    expression: Text({
      maxLength: 4000,
      description:
        'JEXL expression computing the price from `price`, `quantity`, its parameters, product fields and variables',
    }),
    parameters: Type.Optional(List(PriceFunctionParameterSchema, { maxItems: 50 })),
    productFields: Type.Optional(
      List(Type.String({ pattern: IDENTIFIER_PATTERN, maxLength: 64 }), {
        uniqueItems: true,
        maxItems: 50,
        description: 'product fields the expression reads',
      }),
    ),
    variables: Type.Optional(
      List(Type.String({ pattern: IDENTIFIER_PATTERN, maxLength: 64 }), {
        uniqueItems: true,
        maxItems: 50,
        description: 'product variables (availableVariables[].field) the expression reads',
      }),
    ),
  },
  {
    $id: 'PriceFunction',
    title: 'Price function',
    examples: [
      {
        name: 'Volume discount',
        expression: 'quantity >= threshold ? price * (100 - discount) / 100 : price',
        parameters: [
          { field: 'threshold', type: 'INTEGER', defaultValue: '10', min: 1, max: 1000 },
          { field: 'discount', type: 'NUMBER', defaultValue: '15', min: 0, max: 90 },
        ],
      },
    ],
  },
);
export type PriceFunction = Static<typeof PriceFunctionSchema>;
