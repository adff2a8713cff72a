import type { Doc } from '../../platform/resource/declare.js';
import type { PriceFunction, PriceFunctionParameter } from './price-function.schema.js';
import { evaluatePriceFunction, parameterTexts } from './price-function-evaluation.js';
import { PRODUCT_FIELDS_OF_VIEW, type PricedProduct } from './priced-product.schema.js';
import type { PricedProductRequest } from './priced-product-query.js';
import { type Money, money } from './pricing/money.js';
import { computePrice } from './pricing/price-computation.js';
import { selectPrice } from './pricing/price-selection.js';
import type { Product } from './product.schema.js';

/** The product's variables by field: each one's value, else its default value. */
function variableValuesOf(product: Product): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const variable of product.availableVariables ?? []) {
    if (variable.field !== undefined) values[variable.field] = variable.value ?? variable.defaultValue;
  }
  return values;
}

function labelOf(parameter: PriceFunctionParameter): string | undefined {
  const labels = parameter.labels ?? {};
  return labels.en ?? Object.values(labels)[0];
}

function viewParameters(fn: PriceFunction) {
  return (fn.parameters ?? []).map((parameter) => {
    const label = labelOf(parameter);
    return label === undefined ? parameter : { ...parameter, label };
  });
}

interface FunctionOutcome {
  /** The unit value to price: the function's result, else the list value. */
  value: Money | undefined;
  fields: Doc;
}

/**
 * The product's price function applied to the list value: its parameters and the values used, and its result; a
 * failure (or a function the caller cannot see) keeps the list value and says why.
 */
function applyPriceFunction(
  product: Product & Doc,
  fn: PriceFunction | undefined,
  listValue: Money | undefined,
  request: PricedProductRequest,
  variables: Record<string, unknown>,
): FunctionOutcome {
  if (!fn)
    return {
      value: listValue,
      fields: { priceFunctionExecutionErrorMessage: `price function ${product.priceFunction} was not found` },
    };
  const fields: Doc = {
    priceFunctionParameters: viewParameters(fn),
    priceFunctionParametersValues: parameterTexts(fn, request.supplied),
  };
  // Without a list price there is no currency to price in: nothing to evaluate.
  if (listValue === undefined) return { value: listValue, fields };
  const result = evaluatePriceFunction(fn, {
    price: Number(listValue.toString()),
    quantity: request.quantity,
    supplied: request.supplied,
    product,
    variables,
  });
  if (result.ok) return { value: result.value, fields };
  return { value: listValue, fields: { ...fields, priceFunctionExecutionErrorMessage: result.message } };
}

/**
 * One priced product (docs/product-decisions.md §9): the list price selected for the country and currency; with a price function,
 * its result replaces the list value (same VAT inclusion), unless it fails, which leaves the list price and says why.
 * `functions` holds the page's price functions by id (undefined: not found or not visible to the caller).
 */
export function pricedProduct(
  product: Product & Doc,
  request: PricedProductRequest,
  functions: Map<string, PriceFunction | undefined>,
): PricedProduct {
  const item: Doc = {};
  for (const field of PRODUCT_FIELDS_OF_VIEW) if (product[field] !== undefined) item[field] = product[field];
  const variableValues = variableValuesOf(product);
  Object.assign(item, {
    ...(product.prices?.defaultCurrency ? { defaultCurrency: product.prices.defaultCurrency } : {}),
    ...(request.storeId ? { storeId: request.storeId } : {}),
    taxExempt: request.vatRate.isZero(),
    ...(product.availableVariables ? { variables: product.availableVariables, variableValues } : {}),
  });
  const selected = selectPrice(product.prices, request.country, request.currency);
  let value: Money | undefined = selected?.entry.value !== undefined ? money(selected.entry.value) : undefined;
  if (product.priceFunction !== undefined) {
    const outcome = applyPriceFunction(product, functions.get(product.priceFunction), value, request, variableValues);
    Object.assign(item, outcome.fields);
    value = outcome.value;
  }
  if (selected && value !== undefined) {
    const input = { entry: selected.entry, value, currency: selected.currency, vatRate: request.vatRate };
    item.unitPrice = computePrice({ ...input, quantity: 1 });
    // One unit's price is the unit price: computed once (a page of recommendations prices hundreds).
    item.price = request.quantity === 1 ? item.unitPrice : computePrice({ ...input, quantity: request.quantity });
  }
  return item as PricedProduct;
}
