import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Money } from './pricing/money.js';
import { vatRatePercent } from './pricing/vat-rates.js';

/** What a priced product is computed for, read from the view's query parameters. */
export interface PricingRequest {
  country?: string;
  currency?: string;
  storeId?: string;
  quantity: number;
  supplied: Record<string, string>;
}

const MAX_SUPPLIED = 50;
const MAX_NAME = 64;
const MAX_VALUE = 256;
const PARAMETER = 'querystring.priceFunctionParametersValues';

/** `{"discount":"20","tier":3}`: an object of at most 50 texts (numbers and booleans are taken as their text). */
function suppliedValues(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new ValidationError(`${PARAMETER} must be a JSON-encoded object, e.g. {"discount":"20"}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ValidationError(`${PARAMETER} must be a JSON object of parameter values`);
  const entries = Object.entries(parsed);
  if (entries.length > MAX_SUPPLIED) throw new ValidationError(`${PARAMETER} may hold at most ${MAX_SUPPLIED} values`);
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (name.length > MAX_NAME)
      throw new ValidationError(`${PARAMETER}: a parameter name is at most ${MAX_NAME} characters`);
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new ValidationError(`${PARAMETER}.${name} must be a text, a number or a boolean`);
    const text = String(value);
    if (text.length > MAX_VALUE)
      throw new ValidationError(`${PARAMETER}.${name} must be at most ${MAX_VALUE} characters`);
    values[name] = text;
  }
  return values;
}

/** A query parameter given as non-empty text. (Not a closure per request: every priced read parses its query.) */
function textOf(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A pricing request with the VAT rate of its country (in percent), looked up once per page. */
export interface PricedProductRequest extends PricingRequest {
  vatRate: Money;
}

/** The pricing request of a query, with the VAT rate in force `at`: one object, made once per priced read. */
export function pricedProductRequestOf(query: Record<string, unknown>, at: Date): PricedProductRequest {
  const country = textOf(query, 'country');
  return {
    country,
    currency: textOf(query, 'currency'),
    storeId: textOf(query, 'storeId'),
    quantity: typeof query.quantity === 'number' ? query.quantity : 1,
    supplied: suppliedValues(query.priceFunctionParametersValues),
    vatRate: vatRatePercent(country, at),
  };
}
