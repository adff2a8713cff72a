import { describe, expect, it, vi } from 'vitest';
import { ResourceService } from '../../src/platform/resource/service/resource-service.js';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json, unique } from './catalog-factories.js';

const { t } = await useApp();

const PRICES = {
  defaultCurrency: 'EUR',
  priceByCountryByCurrency: {
    FR: { EUR: { value: 119.99, vatIncluded: true, msrp: 149.99 } },
    US: { USD: { value: 99.99 } },
    JP: { JPY: { value: 1234.5, vatIncluded: true } },
    KW: { KWD: { value: 12.3456 } },
    DEFAULT: { EUR: { value: 0.125 } },
  },
};

async function priced(token: string, id: string, query = ''): Promise<Json> {
  const res = await t.request('GET', `/priced-products/${id}${query ? `?${query}` : ''}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
}

async function createFunction(token: string, body: Json): Promise<Json> {
  const res = await t.request('POST', '/price-functions', token, { name: unique('fn'), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Json;
}

const volumeDiscount = {
  expression: 'quantity >= threshold ? price * (100 - discount) / 100 : price',
  parameters: [
    { field: 'threshold', type: 'INTEGER', defaultValue: '10', min: 1, max: 1000, labels: { en: 'From quantity' } },
    { field: 'discount', type: 'NUMBER', defaultValue: '15', min: 0, max: 90 },
  ],
};

describe('GET /priced-products/{id}: worked examples', () => {
  it('prices a VAT-included EUR price in France (20 %): net 119.99 / 1.2 = 99.99, VAT 20.00, msrp struck through', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    const view = await priced(token, product.id, 'country=FR&currency=EUR&storeId=store-eu');
    expect(view).toMatchObject({
      id: product.id,
      publisherRefId: product.publisherRefId,
      defaultCurrency: 'EUR',
      storeId: 'store-eu',
      taxExempt: false,
    });
    expect(view.unitPrice).toMatchObject({
      vatIncluded: true,
      vatRate: 20,
      value: 119.99,
      grossPrice: 119.99,
      netPrice: 99.99,
      vatAmount: 20,
      msrp: 149.99,
      netMsrp: 124.99,
      vatAmountMsrp: 25,
      strikeThroughPrice: 149.99,
      source: 'INTERNAL',
    });
    expect(view.unitPrice.currency).toEqual({
      currencyCode: 'EUR',
      defaultFractionDigits: 2,
      displayName: 'Euro',
      numericCode: 978,
      numericCodeAsString: '978',
      symbol: '€',
    });
    expect(view.price).toEqual(view.unitPrice);
    expect(view.prices).toBeUndefined();
  });

  it('multiplies by quantity and rounds the line once: 3 x 119.99 = 359.97, net 299.975 -> 299.98 (half-even), VAT 59.99', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    const view = await priced(token, product.id, 'country=FR&quantity=3');
    expect(view.price).toMatchObject({ value: 359.97, grossPrice: 359.97, netPrice: 299.98, vatAmount: 59.99 });
    expect(view.unitPrice).toMatchObject({ value: 119.99, netPrice: 99.99 });
  });

  it('prices a net USD price in the US with rate 0 (the table has no country-wide US VAT)', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    const view = await priced(token, product.id, 'country=US&currency=USD');
    expect(view.taxExempt).toBe(true);
    expect(view.price).toMatchObject({
      vatIncluded: false,
      vatRate: 0,
      value: 99.99,
      netPrice: 99.99,
      grossPrice: 99.99,
      vatAmount: 0,
      currency: { currencyCode: 'USD', symbol: '$' },
    });
  });

  it('rounds JPY to whole yen (1234.5 -> 1234, net 1122, VAT 112) and KWD to 3 digits (net 12.346, VAT 0.617, gross 12.963)', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    expect((await priced(token, product.id, 'country=JP&currency=JPY')).price).toMatchObject({
      vatRate: 10,
      value: 1234,
      grossPrice: 1234,
      netPrice: 1122,
      vatAmount: 112,
      currency: { defaultFractionDigits: 0 },
    });
    expect((await priced(token, product.id, 'country=KW&currency=KWD')).price).toMatchObject({
      vatRate: 5,
      value: 12.346,
      netPrice: 12.346,
      vatAmount: 0.617,
      grossPrice: 12.963,
      currency: { defaultFractionDigits: 3 },
    });
  });

  it('falls back to the DEFAULT entry and rounds a tie half-even: 0.125 EUR -> 0.12', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    expect((await priced(token, product.id)).price).toMatchObject({ value: 0.12, netPrice: 0.12, vatRate: 0 });
    // Italy has no entry: DEFAULT's EUR value, with Italy's 22 % added to the net 0.12 -> VAT 0.0264 -> 0.03.
    expect((await priced(token, product.id, 'country=IT&currency=EUR')).price).toMatchObject({
      value: 0.12,
      vatRate: 22,
      vatAmount: 0.03,
      grossPrice: 0.15,
    });
  });

  it('shows no price when neither the country nor DEFAULT lists the currency or the default currency', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, {
      prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 10 } } } },
    });
    const view = await priced(token, product.id, 'country=DE&currency=USD');
    expect(view.price).toBeUndefined();
    expect(view.unitPrice).toBeUndefined();
  });

  it('answers 404 for a product the caller cannot see, 400 for a bad country or quantity', async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const product = await createProduct(t, owner.token, { prices: PRICES });
    expectDetailedError(await t.request('GET', `/priced-products/${product.id}`, other.token), 404, 'NOT_FOUND');
    expectDetailedError(
      await t.request('GET', `/priced-products/${product.id}?country=France`, owner.token),
      400,
      'VALIDATION',
    );
    expectDetailedError(
      await t.request('GET', `/priced-products/${product.id}?quantity=0`, owner.token),
      400,
      'VALIDATION',
    );
  });
});

describe('GET /priced-products/{id} with a price function', () => {
  it('replaces the list value by the result with the defaults: 10 x (119.99 x 85 %) = 1019.915 -> 1019.92', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, volumeDiscount);
    const product = await createProduct(t, token, { prices: PRICES, priceFunction: fn.id });
    const one = await priced(token, product.id, 'country=FR');
    expect(one.price).toMatchObject({ value: 119.99 });
    expect(one.priceFunctionParametersValues).toEqual({ threshold: '10', discount: '15' });
    expect(one.priceFunctionParameters).toEqual([
      { ...volumeDiscount.parameters[0], label: 'From quantity' },
      volumeDiscount.parameters[1],
    ]);
    expect(one.priceFunctionExecutionErrorMessage).toBeUndefined();
    const ten = await priced(token, product.id, 'country=FR&quantity=10');
    // unit 101.9915 -> 101.99 (net 84.99, VAT 17.00); line 1019.915 -> 1019.92 (net 1019.92 / 1.2 = 849.933.. -> 849.93)
    expect(ten.unitPrice).toMatchObject({ value: 101.99, netPrice: 84.99, vatAmount: 17, vatIncluded: true });
    expect(ten.price).toMatchObject({ value: 1019.92, netPrice: 849.93, vatAmount: 169.99 });
  });

  it('answers the new price at once after the product, its price function or the request changes (priced products are cached)', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, volumeDiscount);
    const product = await createProduct(t, token, { prices: PRICES, priceFunction: fn.id });
    expect((await priced(token, product.id, 'country=FR&quantity=10')).unitPrice).toMatchObject({ value: 101.99 });
    expect((await priced(token, product.id, 'country=FR&quantity=10')).unitPrice).toMatchObject({ value: 101.99 });

    const fnStored = (await t.request('GET', `/price-functions/${fn.id}`, token)).body as Json;
    const fnUpdate = await t.request('PUT', `/price-functions/${fn.id}`, token, {
      ...fnStored,
      parameters: [volumeDiscount.parameters[0], { ...volumeDiscount.parameters[1], defaultValue: '50' }],
    });
    expect(fnUpdate.status, JSON.stringify(fnUpdate.body)).toBe(200);
    expect((await priced(token, product.id, 'country=FR&quantity=10')).unitPrice).toMatchObject({ value: 60 });

    const stored = (await t.request('GET', `/products/${product.id}`, token)).body as Json;
    const prices = {
      ...PRICES,
      priceByCountryByCurrency: { ...PRICES.priceByCountryByCurrency, FR: { EUR: { value: 200, vatIncluded: true } } },
    };
    const update = await t.request('PUT', `/products/${product.id}`, token, { ...stored, prices });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect((await priced(token, product.id, 'country=FR&quantity=10')).unitPrice).toMatchObject({ value: 100 });
    expect((await priced(token, product.id, 'country=FR&quantity=1')).unitPrice).toMatchObject({ value: 200 });
    expect(
      (
        await priced(
          token,
          product.id,
          'country=FR&quantity=10&priceFunctionParametersValues=%7B%22discount%22%3A%2210%22%7D',
        )
      ).unitPrice,
    ).toMatchObject({ value: 180 });
  });

  it('evaluates with supplied values overriding the defaults: 5 x (119.99 x 80 %) = 479.96', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, volumeDiscount);
    const product = await createProduct(t, token, { prices: PRICES, priceFunction: fn.id });
    const supplied = encodeURIComponent(JSON.stringify({ threshold: '5', discount: 20 }));
    const view = await priced(token, product.id, `country=FR&quantity=5&priceFunctionParametersValues=${supplied}`);
    expect(view.priceFunctionParametersValues).toEqual({ threshold: '5', discount: '20' });
    // unit 95.992 -> 95.99; line 479.96, net 479.96 / 1.2 = 399.966.. -> 399.97, VAT 79.99
    expect(view.price).toMatchObject({ value: 479.96, netPrice: 399.97, vatAmount: 79.99 });
  });

  it('reads the product fields and variables it lists', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, {
      expression: 'edition == "pro" and not physical ? price * 2 : price',
      productFields: ['physical'],
      variables: ['edition'],
    });
    const product = await createProduct(t, token, {
      prices: PRICES,
      priceFunction: fn.id,
      physical: false,
      availableVariables: [{ field: 'edition', type: 'LIST', defaultValue: 'home', value: 'pro' }],
    });
    const view = await priced(token, product.id, 'country=FR');
    expect(view.variableValues).toEqual({ edition: 'pro' });
    expect(view.price).toMatchObject({ value: 239.98, netPrice: 199.98, vatAmount: 40 });
  });

  it('reads a parameter, a product variable, a product field, price and quantity in one expression', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, {
      expression: '(edition == "pro" ? price * 2 : price) * (physical ? 1 : (100 - discount) / 100) + quantity',
      productFields: ['physical'],
      variables: ['edition'],
      parameters: [{ field: 'discount', type: 'NUMBER', defaultValue: '10' }],
    });
    const product = await createProduct(t, token, {
      prices: PRICES,
      priceFunction: fn.id,
      physical: false,
      availableVariables: [{ field: 'edition', value: 'pro' }],
    });
    // 119.99 x 2 x 90 % + 3 = 218.982 per unit -> 218.98; the line 3 x 218.982 = 656.946 -> 656.95.
    const view = await priced(token, product.id, 'country=FR&quantity=3');
    expect(view.priceFunctionExecutionErrorMessage).toBeUndefined();
    expect(view.unitPrice).toMatchObject({ value: 218.98 });
    expect(view.price).toMatchObject({ value: 656.95 });
  });

  it('binds a parameter also listed in variables before the product variable of that name, and the variable when the parameter has no value', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, {
      expression: 'price * rate',
      variables: ['rate'],
      parameters: [{ field: 'rate', type: 'NUMBER' }],
    });
    expect(fn.variables).toEqual(['rate']);
    const product = await createProduct(t, token, {
      prices: PRICES,
      priceFunction: fn.id,
      availableVariables: [{ field: 'rate', value: 2 }],
    });
    expect((await priced(token, product.id, 'country=FR')).unitPrice).toMatchObject({ value: 239.98 });
    const supplied = encodeURIComponent(JSON.stringify({ rate: '3' }));
    expect(
      (await priced(token, product.id, `country=FR&priceFunctionParametersValues=${supplied}`)).unitPrice,
    ).toMatchObject({ value: 359.97 });
    const withDefault = await createFunction(token, {
      expression: 'price * rate',
      variables: ['rate'],
      parameters: [{ field: 'rate', type: 'NUMBER', defaultValue: '1' }],
    });
    const other = await createProduct(t, token, {
      prices: PRICES,
      priceFunction: withDefault.id,
      availableVariables: [{ field: 'rate', value: 2 }],
    });
    expect((await priced(token, other.id, 'country=FR')).unitPrice).toMatchObject({ value: 119.99 });
  });

  it('keeps the list price and says why when a supplied value is refused or the function divides by zero', async () => {
    const { token } = await t.tenant();
    const fn = await createFunction(token, volumeDiscount);
    const product = await createProduct(t, token, { prices: PRICES, priceFunction: fn.id });
    const bad = await priced(
      token,
      product.id,
      `country=FR&priceFunctionParametersValues=${encodeURIComponent('{"discount":"95"}')}`,
    );
    expect(bad.price).toMatchObject({ value: 119.99 });
    expect(bad.priceFunctionExecutionErrorMessage).toContain('parameter discount: "95" is above the maximum 90');
    const divides = await createFunction(token, { expression: 'price / (quantity - 1)' });
    const other = await createProduct(t, token, { prices: PRICES, priceFunction: divides.id });
    const failed = await priced(token, other.id, 'country=FR');
    expect(failed.price).toMatchObject({ value: 119.99, netPrice: 99.99 });
    expect(failed.priceFunctionExecutionErrorMessage).toContain('division by zero');
  });

  it("keeps the list price when the function is not visible to the caller (the operator named another tenant's)", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const fn = await createFunction(stranger.token, volumeDiscount);
    const product = await createProduct(t, await t.operator(), {
      prices: PRICES,
      priceFunction: fn.id,
      customerId: owner.customerId,
    });
    const view = await priced(owner.token, product.id, 'country=FR&quantity=10');
    expect(view.price).toMatchObject({ value: 1199.9 });
    expect(view.priceFunctionExecutionErrorMessage).toBe(`price function ${fn.id} was not found`);
  });

  it('answers 400 for priceFunctionParametersValues that is not a JSON object', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    expectDetailedError(
      await t.request('GET', `/priced-products/${product.id}?priceFunctionParametersValues=nope`, token),
      400,
      'VALIDATION',
      'priceFunctionParametersValues must be a JSON-encoded object',
    );
    expectDetailedError(
      await t.request('GET', `/priced-products/${product.id}?priceFunctionParametersValues=[1]`, token),
      400,
      'VALIDATION',
      'JSON object',
    );
  });
});

describe('GET /priced-products', () => {
  it('filters as products do, with sellingStoreS, and prices each item', async () => {
    const { token, customerId } = await t.tenant();
    const store = unique('store');
    const sold = await createProduct(t, token, { prices: PRICES, sellingStores: [store, 'store-eu'] });
    await createProduct(t, token, { prices: PRICES, sellingStores: ['store-us'] });
    const res = await t.request(
      'GET',
      `/priced-products?customerId=${customerId}&sellingStoreS=${store}&country=FR`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as Json;
    expect(page.items.map((item: Json) => item.id)).toEqual([sold.id]);
    expect(page.items[0].price).toMatchObject({ value: 119.99, netPrice: 99.99 });
    expect(page.totalItems).toBe(1);
  });

  it('reads each distinct price function once per page', async () => {
    const { token, customerId } = await t.tenant();
    const first = await createFunction(token, volumeDiscount);
    const second = await createFunction(token, { expression: 'price * 2' });
    for (const fn of [first, first, first, second, second])
      await createProduct(t, token, { prices: PRICES, priceFunction: fn.id });
    const reads = vi.spyOn(ResourceService.prototype, 'get');
    try {
      const res = await t.request('GET', `/priced-products?customerId=${customerId}&country=FR&quantity=10`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const items = (res.body as Json).items as Json[];
      expect(items).toHaveLength(5);
      expect(items.filter((item) => item.priceFunction === first.id).map((item) => item.price.value)).toEqual([
        1019.92, 1019.92, 1019.92,
      ]);
      expect(items.filter((item) => item.priceFunction === second.id).map((item) => item.price.value)).toEqual([
        2399.8, 2399.8,
      ]);
      const functionReads = reads.mock.contexts.filter(
        (service) => (service as ResourceService).definition.name === 'price-function',
      );
      expect(functionReads).toHaveLength(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('answers only the fields target names (plus id)', async () => {
    const { token, customerId } = await t.tenant();
    const product = await createProduct(t, token, { prices: PRICES });
    const res = await t.request(
      'GET',
      `/priced-products?customerId=${customerId}&target=unitPrice&country=US&currency=USD`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as Json).items).toEqual([
      { id: product.id, unitPrice: expect.objectContaining({ value: 99.99, vatRate: 0 }) },
    ]);
  });

  it('answers 400 naming an unknown filter', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('GET', '/priced-products?sellingStores=x', token),
      400,
      'VALIDATION',
      'sellingStores',
    );
  });
});

describe('GET /priced-products/next-generation/{customerId}/{publisherRefId}', () => {
  it('answers the priced product whose nextGenerationOf names the older product', async () => {
    const { token, customerId } = await t.tenant();
    const older = await createProduct(t, token, { prices: PRICES });
    const newer = await createProduct(t, token, { prices: PRICES, nextGenerationOf: [older.id] });
    const res = await t.request(
      'GET',
      `/priced-products/next-generation/${customerId}/${older.publisherRefId}?country=FR`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: newer.id,
      nextGenerationOf: [older.id],
      price: { value: 119.99, netPrice: 99.99 },
    });
  });

  it('with useProductVariationOnly searches only variants, and with version reads that kept version', async () => {
    const { token, customerId } = await t.tenant();
    const older = await createProduct(t, token, { prices: PRICES });
    await createProduct(t, token, { prices: PRICES, nextGenerationOf: [older.id] });
    const base = `/priced-products/next-generation/${customerId}/${older.publisherRefId}`;
    expectDetailedError(await t.request('GET', `${base}?useProductVariationOnly=true`, token), 404, 'NOT_FOUND');
    const parent = await createProduct(t, token, { prices: PRICES });
    const variant = await createProduct(t, token, {
      prices: PRICES,
      variantOf: parent.id,
      nextGenerationOf: [older.id],
      genericName: 'first name',
    });
    const found = await t.request('GET', `${base}?useProductVariationOnly=true`, token);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ id: variant.id, parentId: parent.id });
    const updated = await t.request('PUT', `/products/${variant.id}`, token, {
      ...variant,
      genericName: 'second name',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(((await t.request('GET', `${base}?useProductVariationOnly=true`, token)).body as Json).genericName).toBe(
      'second name',
    );
    expect(
      ((await t.request('GET', `${base}?useProductVariationOnly=true&version=0`, token)).body as Json).genericName,
    ).toBe('first name');
    expectDetailedError(
      await t.request('GET', `${base}?useProductVariationOnly=true&version=7`, token),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 404 for an unknown reference, a product with no next generation, and another customer', async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const older = await createProduct(t, owner.token, { prices: PRICES });
    expectDetailedError(
      await t.request('GET', `/priced-products/next-generation/${owner.customerId}/nope`, owner.token),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await t.request(
        'GET',
        `/priced-products/next-generation/${owner.customerId}/${older.publisherRefId}`,
        owner.token,
      ),
      404,
      'NOT_FOUND',
    );
    await createProduct(t, owner.token, { prices: PRICES, nextGenerationOf: [older.id] });
    expectDetailedError(
      await t.request(
        'GET',
        `/priced-products/next-generation/${owner.customerId}/${older.publisherRefId}`,
        other.token,
      ),
      404,
      'NOT_FOUND',
    );
  });
});
