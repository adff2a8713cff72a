import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_INSTRUCTIONS } from '../../src/platform/linear-patterns.js';
import { MATCH_BUDGET } from '../../src/platform/match-budget.js';
import { createProduct, expectDetailedError, type Json, unique } from '../catalog/catalog-factories.js';
import { createDefinition } from '../notifications/notification-factories.js';
import { useApp } from '../support/fixture.js';

/**
 * Stored programs are bounded by what they cost, not by their text (docs/security.md, "User-supplied programs"): the pattern
 * shapes that once held the event loop for seconds are refused when stored, with a 400 naming the limit, and what
 * a value or an event may still make a pattern cost is charged to a budget that fails the evaluation alone.
 */
const { t } = await useApp();

/** 240 characters, under every limit on text, that compile to 59,942 instructions. */
const REPEATED_WIDE = '.{0,999}'.repeat(30);
/** Passes the count of repetitions (990) but compiles to 1,982 instructions. */
const COMPILED_WIDE = '.{0,99}'.repeat(10);
/** Nested repetitions: 555 by the text's count, 1,167 instructions. */
const NESTED = '((a{0,10}){0,10}){0,5}';
/** Just within the limits: 801 instructions. */
const AT_THE_LIMIT = '\\w{1,200}@\\w{1,200}';

const PRICES = {
  defaultCurrency: 'EUR',
  priceByCountryByCurrency: { FR: { EUR: { value: 100, vatIncluded: false } } },
};

function patterned(pattern: string, defaultValue = 'x@y'): Json {
  return {
    name: unique('patterned'),
    expression: 'tier == "x@y" ? price / 2 : price',
    parameters: [{ field: 'tier', type: 'STRING', pattern, defaultValue }],
  };
}

describe('parameter patterns', () => {
  it.each([
    ['repeated 30 times', REPEATED_WIDE, /repeats its parts 29970 times in all \(at most 1000/],
    ['compiling past the limit', COMPILED_WIDE, /compiles to 1982 instructions \(at most 1000/],
    ['nested repetitions', NESTED, /compiles to 1167 instructions \(at most 1000/],
  ])('refuses a pattern %s with a 400 naming the limit', async (_shape, pattern, message) => {
    const { token } = await t.tenant();
    const answer = expectDetailedError(
      await t.request('POST', '/price-functions', token, patterned(pattern)),
      400,
      'VALIDATION',
    );
    expect(answer.message).toMatch(/^body\.parameters\[0\]\.pattern is not a valid regular expression: /);
    expect(answer.message).toMatch(message);
  });

  it('refuses five of them in one function at once, the first named', async () => {
    const { token } = await t.tenant();
    const parameters = Array.from({ length: 5 }, (_, i) => ({
      field: `p${i}`,
      type: 'STRING',
      pattern: REPEATED_WIDE,
    }));
    const answer = await t.request('POST', '/price-functions', token, {
      name: unique('five'),
      expression: 'price',
      parameters,
    });
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toContain('body.parameters[0].pattern');
  });

  it('stores a pattern within the limits, and fails a priced read whose value costs past the budget alone', async () => {
    const { token } = await t.tenant();
    const stored = await t.request('POST', '/price-functions', token, patterned(AT_THE_LIMIT));
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const product = await createProduct(t, token, { prices: PRICES, priceFunction: (stored.body as Json).id });
    const read = async (value: string) =>
      (
        await t.request(
          'GET',
          `/priced-products/${product.id}?country=FR&priceFunctionParametersValues=${encodeURIComponent(JSON.stringify({ tier: value }))}`,
          token,
        )
      ).body as Json;
    expect((await read('x@y')).unitPrice).toMatchObject({ value: 50 });
    // 801 instructions x 257 (the 256 characters a value may have, and its end): past the 200,000 one evaluation may spend.
    const long = await read(`${'a'.repeat(255)}@`);
    expect(long.unitPrice).toMatchObject({ value: 100 });
    expect(long.priceFunctionExecutionErrorMessage).toContain(`more than the ${MATCH_BUDGET} one evaluation may spend`);
  });

  it('refuses a default value that costs past the budget to check', async () => {
    const { token } = await t.tenant();
    const answer = await t.request('POST', '/price-functions', token, patterned('[a-z@]{0,450}', 'a'.repeat(256)));
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toMatch(/^body\.parameters\[0\]\.defaultValue is too long to check/);
  });
});

describe('patterns in notification definitions', () => {
  it.each([
    ['match', `$.what.delta[?match(@, '${REPEATED_WIDE}')]`],
    ['search', `$.what.delta[?search(@.name, '${COMPILED_WIDE}')]`],
    ['a nested query', `$.what.delta[?count(@.items[?match(@, '${NESTED}')]) > 0]`],
  ])('refuses a %s pattern past the limits with a 400 naming the filter and the limit', async (_where, jsonPath) => {
    const { token } = await t.tenant();
    const answer = await t.request('POST', '/notification-definitions', token, {
      name: unique('heavy'),
      eventMatcher: { fact: 'updated', subject: 'product', filters: [{ jsonPath, value: 'x' }] },
      mainIdJsonPath: '$.involved.product.id',
      notificationPayload: { subject: 's', content: 'c', type: 't' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((answer.body as Json).message).toMatch(/^body\.eventMatcher\.filters\[0\]\.jsonPath has a pattern /);
    expect((answer.body as Json).message).toContain(`at most ${MAX_PATTERN_INSTRUCTIONS}`);
  });

  it('matches nothing with a pattern an event supplies past the limits, and fails a selection past its budget', async () => {
    const { token } = await t.tenant();
    const definition = await createDefinition(t, token, {
      eventMatcher: {
        fact: 'updated',
        subject: 'product',
        filters: [{ jsonPath: '$.what.delta.items[?match(@.text, @.pattern)].text', value: 'ok' }],
      },
    });
    const test = (items: Json[]) =>
      t.request('POST', `/notification-definitions/${definition.id}/test`, token, {
        fact: 'updated',
        subject: 'product',
        what: { delta: { items } },
        involved: { product: { id: 'p-1' } },
      });
    const fine = await test([{ text: 'ok', pattern: 'o.' }]);
    expect(fine.body).toMatchObject({ matches: true });
    const wide = await test([{ text: 'ok', pattern: REPEATED_WIDE }]);
    expect(wide.body).toMatchObject({ matches: false, mismatch: { field: 'eventMatcher.filters[0]' } });
    // 40 texts of 20,000 characters against 801 instructions: far past the selection's budget.
    const costly = await test(Array.from({ length: 40 }, () => ({ text: 'a'.repeat(20_000), pattern: AT_THE_LIMIT })));
    expect(costly.status).toBe(200);
    expect(costly.body).toMatchObject({ matches: false, mismatch: { field: 'jsonPath' } });
    expect(JSON.stringify(costly.body)).toContain('instruction-characters');
  });
});
