import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordOf } from '../../platform/resource/declare.js';
import type { PriceFunctionSchema } from './price-function.schema.js';
import { checkExpression } from './pricing/expression-check.js';
import { ExpressionError } from './pricing/expression-errors.js';
import { parameterValue, patternOf } from './pricing/parameter-values.js';
import { ProductSchema } from './product.schema.js';

type PriceFunctionRecord = RecordOf<typeof PriceFunctionSchema>;

/** Names every expression may read besides its parameters, product fields and variables. */
export const BUILT_IN_INPUTS = ['price', 'quantity'] as const;

const PRODUCT_FIELDS = new Set(Object.keys(ProductSchema.properties));

function invalid(message: string): never {
  throw new ValidationError(message, { resourceType: 'price-function' });
}

/** The message of an ExpressionError; anything else is a fault and goes on as one. */
function reasonOf(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
  throw error;
}

/**
 * Each name the expression can read comes from one place: no two inputs share a name, except a parameter that is also
 * listed in `variables` (docs/product-decisions.md §9: it is a variable the expression uses; its value, supplied or default, binds
 * before the product's variable of that name).
 */
function inputNames(doc: PriceFunctionRecord): Set<string> {
  const names = new Set<string>(BUILT_IN_INPUTS);
  const parameters = new Set((doc.parameters ?? []).map((parameter) => parameter.field));
  const add = (name: string, where: string) => {
    if (names.has(name))
      invalid(
        `${where}: ${name} is already an input of the expression (price, quantity, a parameter, a product field or a variable)`,
      );
    names.add(name);
  };
  (doc.parameters ?? []).forEach((parameter, index) => add(parameter.field, `body.parameters[${index}].field`));
  (doc.productFields ?? []).forEach((field, index) => {
    if (!PRODUCT_FIELDS.has(field)) invalid(`body.productFields[${index}]: ${field} is not a product field`);
    add(field, `body.productFields[${index}]`);
  });
  (doc.variables ?? []).forEach((variable, index) => {
    if (!parameters.has(variable)) add(variable, `body.variables[${index}]`);
  });
  return names;
}

/** min <= max, a pattern that compiles and cannot backtrack for ever, and a default value its own rules accept. */
function checkParameters(doc: PriceFunctionRecord): void {
  (doc.parameters ?? []).forEach((parameter, index) => {
    const at = `body.parameters[${index}]`;
    if (parameter.min !== undefined && parameter.max !== undefined && parameter.min > parameter.max)
      invalid(`${at}.min must not be above ${at}.max`);
    if (parameter.pattern !== undefined) {
      try {
        patternOf(parameter.pattern);
      } catch (error) {
        invalid(`${at}.pattern ${reasonOf(error)}`);
      }
    }
    if (parameter.defaultValue === undefined) return;
    try {
      parameterValue(parameter, parameter.defaultValue);
    } catch (error) {
      invalid(`${at}.defaultValue ${reasonOf(error)}`);
    }
  });
}

/**
 * Checks a price function before it is created or replaced, so a broken one is a 400 when written rather than a
 * failed price later: the expression parses and stays within the language, every name it reads is an input it
 * declares, the product fields exist, and the parameters' own rules hold.
 */
export function beforePriceFunctionWrite(doc: PriceFunctionRecord): PriceFunctionRecord {
  const names = inputNames(doc);
  checkParameters(doc);
  let identifiers: string[];
  try {
    identifiers = checkExpression(doc.expression).identifiers;
  } catch (error) {
    invalid(`body.expression does not parse: ${reasonOf(error)}`);
  }
  const unknown = identifiers.filter((name) => !names.has(name));
  if (unknown.length) {
    invalid(
      `body.expression reads unknown identifier ${unknown.join(', ')}; it may read price, quantity, its parameters' fields, and the names listed in productFields and variables`,
    );
  }
  return doc;
}
