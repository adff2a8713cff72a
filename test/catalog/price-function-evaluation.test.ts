import { describe, expect, it } from 'vitest';
import type { PriceFunction } from '../../src/apis/catalog/price-function.schema.js';
import { type EvaluationInputs, evaluatePriceFunction } from '../../src/apis/catalog/price-function-evaluation.js';
import { checkExpression } from '../../src/apis/catalog/pricing/expression-check.js';
import { evaluateExpression } from '../../src/apis/catalog/pricing/expression-evaluator.js';
import { MAX_EVALUATION_STEPS } from '../../src/apis/catalog/pricing/expression-language.js';

const inputs = (overrides: Partial<EvaluationInputs> = {}): EvaluationInputs => ({
  price: 100,
  quantity: 1,
  product: {},
  variables: {},
  ...overrides,
});

async function value(expression: string, context: Record<string, unknown> = {}): Promise<unknown> {
  return evaluateExpression(checkExpression(expression).ast, context);
}

function evaluate(fn: Partial<PriceFunction>, given: Partial<EvaluationInputs> = {}) {
  return evaluatePriceFunction({ name: 'f', expression: 'price', ...fn }, inputs(given));
}

describe('the price-function language', () => {
  it('computes in decimal: 0.1 + 0.2 is 0.3, 1.1 * 1.1 is 1.21, 119.99 * 85 / 100 is 101.9915', async () => {
    expect(await value('0.1 + 0.2')).toBe(0.3);
    expect(await value('1.1 * 1.1')).toBe(1.21);
    expect(await value('119.99 * 85 / 100')).toBe(101.9915);
    expect(await value('7 // 2 + 7 % 4 + 2 ^ 3')).toBe(14);
    expect(await value('0 - 7 // 2')).toBe(-3);
    expect(await value('(0 - 7) // 2')).toBe(-4);
  });

  it('has the Apache JEXL operators and, or, not beside &&, || and !', async () => {
    expect(await value('a and not b', { a: true, b: false })).toBe(true);
    expect(await value('a or b', { a: false, b: false })).toBe(false);
    expect(await value('not(a and b) && !b', { a: true, b: false })).toBe(true);
  });

  it('has size, empty, min, max, round, ceil, floor and abs', async () => {
    expect(await value('size(list) + size(text) + size(map)', { list: [1, 2], text: 'abc', map: { a: 1 } })).toBe(6);
    expect(await value('[empty(""), empty(list), empty(0), empty(none)]', { list: [] })).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(await value('min(3, 1.5, 2) + max([4, 9, 2])')).toBe(10.5);
    expect(await value('[round(2.5), round(2.345, 2), ceil(1.01, 1), floor(-1.5), abs(-3.25)]')).toEqual([
      3, 2.35, 1.1, -2, 3.25,
    ]);
  });

  it('refuses arithmetic on texts and texts longer than 10,000 characters', async () => {
    await expect(value('"a" * 2')).rejects.toThrow('operator * needs numbers');
    await expect(value('t + t', { t: 'x'.repeat(6000) })).rejects.toThrow('longer than 10000');
  });
});

describe('checkExpression', () => {
  it('lists the top-level names the expression reads', () => {
    expect(checkExpression('quantity >= threshold ? price * (100 - discount) / 100 : price').identifiers).toEqual([
      'quantity',
      'threshold',
      'price',
      'discount',
    ]);
    expect(
      checkExpression('tags[.name == "x"] and edition.name == "pro" and size(edition.codes) > 0').identifiers,
    ).toEqual(['tags', 'edition']);
  });

  it('refuses prototype members, computed indexes, unknown functions and transforms', () => {
    expect(() => checkExpression('a["constructor"]')).toThrow('member constructor may not be read');
    expect(() => checkExpression('a["__proto__"]')).toThrow('may not be read');
    expect(() => checkExpression('a[.concat]')).toThrow('may not be read');
    expect(() => checkExpression('a[b]')).toThrow('an index must be a literal or a comparison');
    expect(() => checkExpression('eval("1")')).toThrow('unknown function eval');
    expect(() => checkExpression('a|upper')).toThrow('unknown function upper');
    expect(() => checkExpression('a.constructor')).toThrow();
  });

  it('answers the parse error for a broken expression', () => {
    expect(() => checkExpression('price *')).toThrow(/Unexpected end of expression/);
    expect(() => checkExpression('')).toThrow('empty');
  });
});

describe('evaluatePriceFunction', () => {
  const volume: Partial<PriceFunction> = {
    expression: 'quantity >= threshold ? price * (100 - discount) / 100 : price',
    parameters: [
      { field: 'threshold', type: 'INTEGER', defaultValue: '10', min: 1, max: 1000 },
      { field: 'discount', type: 'NUMBER', defaultValue: '15', min: 0, max: 90 },
    ],
  };

  it('evaluates with the parameter defaults, overridden by the supplied values', async () => {
    expect(evaluate(volume, { quantity: 10 })).toMatchObject({
      ok: true,
      parameterValues: { threshold: '10', discount: '15' },
    });
    expect(String((evaluate(volume, { quantity: 10 }) as { value: unknown }).value)).toBe('85');
    const supplied = evaluate(volume, { quantity: 5, supplied: { threshold: '5', discount: '20', ignored: 'x' } });
    expect(supplied).toMatchObject({ ok: true, parameterValues: { threshold: '5', discount: '20' } });
    expect(String((supplied as { value: unknown }).value)).toBe('80');
  });

  it('fails with the reason for a supplied value of the wrong type or outside min/max', async () => {
    expect(evaluate(volume, { supplied: { discount: 'abc' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('parameter discount: "abc" is not a NUMBER'),
    });
    expect(evaluate(volume, { supplied: { discount: '95' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('above the maximum 90'),
    });
    expect(evaluate(volume, { supplied: { threshold: '2.5' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not an INTEGER'),
    });
  });

  it('checks STRING values against the whole pattern and BOOLEAN values as true or false', async () => {
    const fn: Partial<PriceFunction> = {
      expression: 'member and tier == "GOLD" ? price / 2 : price',
      parameters: [
        { field: 'tier', type: 'STRING', defaultValue: 'GOLD', pattern: '[A-Z]+' },
        { field: 'member', type: 'BOOLEAN', defaultValue: 'true' },
      ],
    };
    expect(evaluate(fn)).toMatchObject({ ok: true });
    expect(evaluate(fn, { supplied: { tier: 'GOLD1' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('does not match the pattern'),
    });
    expect(evaluate(fn, { supplied: { member: 'yes' } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a BOOLEAN'),
    });
  });

  it('fails on a division by zero, a result that is not a number, or a negative result', async () => {
    expect(evaluate({ expression: 'price / (quantity - 1)' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('division by zero'),
    });
    expect(evaluate({ expression: '"free"' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a number'),
    });
    expect(evaluate({ expression: 'price - 200' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('outside 0..'),
    });
  });

  it('reads product fields and variables as prototype-free copies', async () => {
    const fn: Partial<PriceFunction> = {
      expression: 'edition == "pro" ? price * 2 + size(sellingStores) : price',
      productFields: ['sellingStores'],
      variables: ['edition'],
    };
    const result = evaluate(fn, { product: { sellingStores: ['a', 'b'] }, variables: { edition: 'pro' } });
    expect(String((result as { value: unknown }).value)).toBe('202');
    const map = evaluate(
      { expression: 'visualTags.badge[0] == "new" ? 1 : 2', productFields: ['visualTags'] },
      { product: { visualTags: { badge: ['new'] } } },
    );
    expect(String((map as { value: unknown }).value)).toBe('1');
  });

  it('stops an evaluation past its step limit, the same way each time', () => {
    const long = Array.from({ length: 400 }, () => 'price').join(' + ');
    expect(evaluatePriceFunction({ name: 'short', expression: long }, inputs(), 10_000)).toMatchObject({ ok: true });
    for (let run = 0; run < 2; run += 1) {
      expect(evaluatePriceFunction({ name: 'long', expression: long }, inputs(), 500)).toMatchObject({
        ok: false,
        message: expect.stringContaining('takes more than 500 steps'),
      });
    }
  });

  it('counts each element a filter tests, so nested filters over inputs stop at the limit', () => {
    const list = Array.from({ length: 60 }, (_, i) => ({
      n: i,
      inner: Array.from({ length: 60 }, (_, j) => ({ v: j })),
    }));
    const result = evaluate(
      { expression: 'size(list[.inner[.v > 1000]]) + price', productFields: ['list' as never] },
      { product: { list } },
    );
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining(`takes more than ${MAX_EVALUATION_STEPS} steps`),
    });
  });
});

describe('parameter patterns', () => {
  it('runs a pattern that would backtrack for ever in linear time, and refuses backreferences', () => {
    const fn = { expression: 'price', parameters: [{ field: 'code', type: 'STRING' as const, pattern: '(a|a)*' }] };
    const started = performance.now();
    expect(evaluate(fn, { supplied: { code: `${'a'.repeat(5000)}b` } })).toMatchObject({
      ok: false,
      message: expect.stringContaining('does not match the pattern'),
    });
    expect(evaluate(fn, { supplied: { code: 'a'.repeat(5000) } })).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(1000);
    const backreference = evaluate(
      { expression: 'price', parameters: [{ field: 'code', type: 'STRING', pattern: '(a)\\1' }] },
      { supplied: { code: 'aa' } },
    );
    expect(backreference).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a valid regular expression'),
    });
  });
});
