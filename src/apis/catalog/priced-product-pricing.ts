import type { Doc } from '../../platform/registry/document-paths.js';
import { evaluatePriceFunction, parameterTexts } from './price-function-evaluation.js';
import type { PriceFunction, PriceFunctionParameter } from './price-function.schema.js';
import type { PricedProductRequest } from './priced-product-query.js';
import { money, type Money } from './pricing/money.js';
import { computePrice } from './pricing/price-computation.js';
import { selectPrice } from './pricing/price-selection.js';
import { PRODUCT_FIELDS_OF_VIEW, type PricedProduct } from './priced-product.schema.js';
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

/**
 * One priced product (DECISIONS §9): the list price selected for the country and currency; with a price function,
 * its result replaces the list value (same VAT inclusion), unless it fails, which leaves the list price and says why.
 * `functions` holds the page's price functions by id (undefined: not found or not visible to the caller).
 */
export async function pricedProduct(product: Product & Doc, request: PricedProductRequest, functions: Map<string, PriceFunction | undefined>): Promise<PricedProduct> {
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
    const fn = functions.get(product.priceFunction);
    if (!fn) {
      item.priceFunctionExecutionErrorMessage = `price function ${product.priceFunction} was not found`;
    } else {
      item.priceFunctionParameters = viewParameters(fn);
      item.priceFunctionParametersValues = parameterTexts(fn, request.supplied);
      // Without a list price there is no currency to price in: nothing to evaluate.
      if (value !== undefined) {
        const result = await evaluatePriceFunction(fn, { price: Number(value.toString()), quantity: request.quantity, supplied: request.supplied, product, variables: variableValues });
        if (result.ok) value = result.value;
        else item.priceFunctionExecutionErrorMessage = result.message;
      }
    }
  }
  if (selected && value !== undefined) {
    const input = { entry: selected.entry, value, currency: selected.currency, vatRate: request.vatRate };
    item.unitPrice = computePrice({ ...input, quantity: 1 });
    item.price = computePrice({ ...input, quantity: request.quantity });
  }
  return item as PricedProduct;
}
