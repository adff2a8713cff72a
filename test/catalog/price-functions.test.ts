import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { expectDetailedError, type Json, unique } from './catalog-factories.js';

const { t } = await useApp();

/** The volume-discount function of the schema's example. */
export function volumeDiscount(overrides: Json = {}): Json {
  return {
    name: unique('Volume discount'),
    expression: 'quantity >= threshold ? price * (100 - discount) / 100 : price',
    parameters: [
      { field: 'threshold', type: 'INTEGER', defaultValue: '10', min: 1, max: 1000 },
      { field: 'discount', type: 'NUMBER', defaultValue: '15', min: 0, max: 90 },
    ],
    ...overrides,
  };
}

describe('POST /price-functions', () => {
  it('stores a function whose expression reads only its declared inputs', async () => {
    const { token, customerId } = await t.tenant();
    const body = volumeDiscount({
      productFields: ['physical'],
      variables: ['edition'],
      expression: 'physical or edition == "pro" ? price : price * (100 - discount) / 100 + 0 * threshold * quantity',
    });
    const res = await t.request('POST', '/price-functions', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ...body, customerId, dbVersion: 0 });
  });

  it('answers 400 naming an identifier the function does not declare', async () => {
    const { token } = await t.tenant();
    const res = await t.request(
      'POST',
      '/price-functions',
      token,
      volumeDiscount({ expression: 'price * rate + discount' }),
    );
    expectDetailedError(res, 400, 'VALIDATION', 'body.expression reads unknown identifier rate');
  });

  it('answers 400 with the parse error of an expression that does not parse', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/price-functions', token, volumeDiscount({ expression: 'price * (discount' })),
      400,
      'VALIDATION',
      'body.expression does not parse',
    );
    expectDetailedError(
      await t.request('POST', '/price-functions', token, volumeDiscount({ expression: 'price["constructor"]' })),
      400,
      'VALIDATION',
      'member constructor may not be read',
    );
    expectDetailedError(
      await t.request('POST', '/price-functions', token, volumeDiscount({ expression: 'eval(price)' })),
      400,
      'VALIDATION',
      'unknown function eval',
    );
  });

  it('answers 400 for a default value outside min/max or of the wrong type', async () => {
    const { token } = await t.tenant();
    const outside = volumeDiscount({
      parameters: [
        { field: 'threshold', type: 'INTEGER', defaultValue: '10' },
        { field: 'discount', type: 'NUMBER', defaultValue: '95', min: 0, max: 90 },
      ],
    });
    expectDetailedError(
      await t.request('POST', '/price-functions', token, outside),
      400,
      'VALIDATION',
      'body.parameters[1].defaultValue "95" is above the maximum 90',
    );
    const typed = volumeDiscount({
      parameters: [
        { field: 'threshold', type: 'INTEGER', defaultValue: 'ten' },
        { field: 'discount', defaultValue: '5' },
      ],
    });
    expectDetailedError(
      await t.request('POST', '/price-functions', token, typed),
      400,
      'VALIDATION',
      'body.parameters[0].defaultValue "ten" is not an INTEGER',
    );
    const inverted = volumeDiscount({
      parameters: [{ field: 'threshold', type: 'INTEGER', min: 10, max: 1 }, { field: 'discount' }],
    });
    expectDetailedError(
      await t.request('POST', '/price-functions', token, inverted),
      400,
      'VALIDATION',
      'body.parameters[0].min must not be above',
    );
  });

  it('answers 400 for a pattern RE2 refuses (it would backtrack, or does not compile), and for a default it refuses', async () => {
    const { token } = await t.tenant();
    const withPattern = (pattern: string, defaultValue = 'GOLD') =>
      volumeDiscount({
        expression: 'tier == "GOLD" ? price / 2 : price',
        parameters: [{ field: 'tier', type: 'STRING', pattern, defaultValue }],
      });
    expectDetailedError(
      await t.request('POST', '/price-functions', token, withPattern('([A-Z')),
      400,
      'VALIDATION',
      'body.parameters[0].pattern is not a valid regular expression',
    );
    expectDetailedError(
      await t.request('POST', '/price-functions', token, withPattern('(a)\\1')),
      400,
      'VALIDATION',
      'body.parameters[0].pattern is not a valid regular expression: invalid escape sequence',
    );
    expectDetailedError(
      await t.request('POST', '/price-functions', token, withPattern('(?=GOLD)GOLD')),
      400,
      'VALIDATION',
      'body.parameters[0].pattern is not a valid regular expression',
    );
    // Nested repetition is linear on RE2: accepted, and its default checked like any other.
    expect((await t.request('POST', '/price-functions', token, withPattern('(G|O|L|D)+'))).status).toBe(201);
    expectDetailedError(
      await t.request('POST', '/price-functions', token, withPattern('[A-Z]{2}')),
      400,
      'VALIDATION',
      'body.parameters[0].defaultValue "GOLD" does not match',
    );
    expect((await t.request('POST', '/price-functions', token, withPattern('[A-Z]{4}'))).status).toBe(201);
  });

  it('answers 400 for a product field products do not have, and for two inputs with one name', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/price-functions', token, volumeDiscount({ productFields: ['colour'] })),
      400,
      'VALIDATION',
      'body.productFields[0]: colour is not a product field',
    );
    expectDetailedError(
      await t.request(
        'POST',
        '/price-functions',
        token,
        volumeDiscount({ productFields: ['physical'], variables: ['physical'] }),
      ),
      400,
      'VALIDATION',
      'body.variables[0]: physical is already an input',
    );
    // docs/product-decisions.md §9: a parameter may also be listed in variables.
    expect(
      (await t.request('POST', '/price-functions', token, volumeDiscount({ variables: ['discount'] }))).status,
    ).toBe(201);
    const shadow = volumeDiscount({ parameters: [{ field: 'price', defaultValue: '1' }], expression: 'price' });
    expectDetailedError(
      await t.request('POST', '/price-functions', token, shadow),
      400,
      'VALIDATION',
      'body.parameters[0].field: price is already an input',
    );
  });
});

describe('PUT /price-functions/{id}', () => {
  it('checks the expression again on update and changes nothing when it is refused', async () => {
    const { token } = await t.tenant();
    const created = (await t.request('POST', '/price-functions', token, volumeDiscount())).body as Json;
    const res = await t.request('PUT', `/price-functions/${created.id}`, token, {
      ...created,
      expression: 'price * markup',
    });
    expectDetailedError(res, 400, 'VALIDATION', 'unknown identifier markup');
    expect(((await t.request('GET', `/price-functions/${created.id}`, token)).body as Json).expression).toBe(
      created.expression,
    );
    const ok = await t.request('PUT', `/price-functions/${created.id}`, token, {
      ...created,
      expression: 'price * (100 - discount) / 100',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('POST /price-functions/{id}/duplicate/{customerId}', () => {
  it('copies the function to a customer the caller may act for, answering 201 with the copy', async () => {
    const client = await t.tenant();
    const caller = await t.tenant(unique('cust'), [client.customerId]);
    const source = (await t.request('POST', '/price-functions', caller.token, volumeDiscount())).body as Json;
    const res = await t.request('POST', `/price-functions/${source.id}/duplicate/${client.customerId}`, caller.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body as Json;
    expect(copy).toMatchObject({
      name: source.name,
      expression: source.expression,
      parameters: source.parameters,
      customerId: client.customerId,
      originalId: source.id,
      dbVersion: 0,
    });
    expect(copy.id).not.toBe(source.id);
    expect((await t.request('GET', `/price-functions/${copy.id}`, client.token)).status).toBe(200);
  });

  it('lets the operator copy any function to any customer', async () => {
    const owner = await t.tenant();
    const target = await t.tenant();
    const source = (await t.request('POST', '/price-functions', owner.token, volumeDiscount())).body as Json;
    const res = await t.request(
      'POST',
      `/price-functions/${source.id}/duplicate/${target.customerId}`,
      await t.operator(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ customerId: target.customerId, originalId: source.id });
  });

  it('answers 403 for a customer the caller may not act for, and 404 for a function it cannot see', async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const source = (await t.request('POST', '/price-functions', owner.token, volumeDiscount())).body as Json;
    expectDetailedError(
      await t.request('POST', `/price-functions/${source.id}/duplicate/${stranger.customerId}`, owner.token),
      403,
      'FORBIDDEN',
    );
    expectDetailedError(
      await t.request('POST', `/price-functions/${source.id}/duplicate/${stranger.customerId}`, stranger.token),
      404,
      'NOT_FOUND',
    );
    const listed = (await t.request('GET', `/price-functions?customerId=${stranger.customerId}`, await t.operator()))
      .body as Json;
    expect(listed.items).toEqual([]);
  });
});
