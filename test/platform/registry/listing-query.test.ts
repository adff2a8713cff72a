import { describe, expect, it } from 'vitest';
import { termsResource } from '../../../src/apis/terms/terms.resource.js';
import { ValidationError } from '../../../src/platform/errors/domain-errors.js';
import {
  arrayTarget,
  coerceFilterValue,
  parseListingQuery,
  parseSort,
  singleTarget,
} from '../../../src/platform/registry/listing-query.js';
import { gadgetResource } from './gadget.resource.js';

const parse = (query: Record<string, unknown>) => parseListingQuery(termsResource, query);
const refused = (run: () => unknown, message: string | RegExp) =>
  expect(run).toThrow(
    message instanceof RegExp ? message : expect.objectContaining({ message: expect.stringContaining(message) }),
  );

describe('parseListingQuery', () => {
  it('defaults to page 0 of the definition page size, unsorted, unfiltered', () => {
    expect(parse({})).toEqual({ page: 0, size: 20, sort: [], filters: [], targets: [] });
  });

  it('reads the flat form', () => {
    const query = parse({
      page: 2,
      size: '5',
      sort: ['template,desc', 'startDate'],
      status: 'RUNNING',
      target: ['template'],
    });
    expect(query).toMatchObject({ page: 2, size: 5, targets: [['template']] });
    expect(query.sort).toEqual([
      { path: ['template'], descending: true },
      { path: ['startDate'], descending: false, dateTime: true },
    ]);
    expect(query.filters).toEqual([{ path: ['status'], spec: { kind: 'string' }, values: ['RUNNING'] }]);
  });

  it('reads the JSON form, with flat values winning', () => {
    const query = parse({
      pageable: '{"page":1,"size":2,"sort":"template,desc"}',
      predicate: '{"status":"DRAFT","model":"MOR"}',
      status: 'RUNNING',
    });
    expect(query).toMatchObject({ page: 1, size: 2, sort: [{ path: ['template'], descending: true }] });
    expect(query.filters.map((f) => [f.path[0], f.values])).toEqual([
      ['status', ['RUNNING']],
      ['model', ['MOR']],
    ]);
    expect(parse({ size: 7, pageable: '{"size":2}' }).size).toBe(7);
  });

  it('skips empty filter values', () => {
    expect(parse({ predicate: '{"status":null,"model":[]}' }).filters).toEqual([]);
  });

  it.each([
    [{ size: 0 }, 'querystring.size must be at least 1'],
    [{ size: 501 }, 'querystring.size must be at most 500'],
    [{ page: -1 }, 'querystring.page must be at least 0'],
    [{ pageable: '{"page":1000001}' }, 'querystring.page must be at most 1000000'],
    [{ page: 1.5 }, 'querystring.page must be a whole number'],
    [{ pageable: '{"size":"many"}' }, 'querystring.size must be a whole number'],
    [{ pageable: '{"page":true}' }, 'querystring.page must be a whole number'],
    [{ pageable: '{"size":[5]}' }, 'querystring.size must be a whole number'],
    [{ pageable: '{' }, 'querystring.pageable must be a JSON-encoded object'],
    [{ predicate: '"x"' }, 'querystring.predicate must be a JSON object'],
    [{ predicate: '[1]' }, 'querystring.predicate must be a JSON object'],
    [{ colour: 'red' }, '"colour" is not a filter of terms item'],
    [{ predicate: '{"hasOwnProperty":"x"}' }, '"hasOwnProperty" is not a filter'],
    [{ sort: 'colour' }, 'unknown field "colour"'],
    [{ sort: 'desc' }, 'must start with a field name'],
    [{ sort: [1] }, 'querystring.sort must be'],
    [{ target: 'colour' }, 'unknown field "colour"'],
    [{ status: { $ne: 1 } }, 'querystring.status must be a string'],
  ])('refuses %j', (query, message) => {
    refused(() => parse(query as Record<string, unknown>), message);
  });

  it('throws ValidationError (400) for every refusal', () => {
    expect(() => parse({ colour: 'red' })).toThrow(ValidationError);
  });
});

describe('parseSort', () => {
  it('takes at most 10 keys, however they are split between parameters', () => {
    const fields = [
      'id',
      'createDate',
      'updateDate',
      'dbVersion',
      'lastUpdateReason',
      'originalId',
      'customerId',
      'startingDate',
      'startDate',
      'locale',
      'template',
    ];
    expect(
      parseSort(
        termsResource,
        fields.slice(0, 10).map((field) => `${field},desc`),
      ),
    ).toHaveLength(10);
    refused(
      () => parseSort(termsResource, [fields.slice(0, 3).join(','), ...fields.slice(3)]),
      'querystring.sort may name at most 10 sort keys, not 11',
    );
    // A field named again counts once: 5000 repeats are one key.
    expect(parseSort(termsResource, Array.from({ length: 5000 }, () => 'model').join(','))).toHaveLength(1);
  });

  it('reads several keys in one parameter and directions case-insensitively', () => {
    expect(parseSort(termsResource, 'template,DESC,startDate,asc,model')).toEqual([
      { path: ['template'], descending: true },
      { path: ['startDate'], descending: false, dateTime: true },
      { path: ['model'], descending: false },
    ]);
  });

  it('keeps the first mention of a field sorted on again, however often it is repeated', () => {
    const repeated = Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'model,asc' : 'template,desc'));
    expect(parseSort(termsResource, repeated)).toEqual([
      { path: ['template'], descending: true },
      { path: ['model'], descending: false },
    ]);
  });
});

describe('coerceFilterValue', () => {
  it('splits comma lists and repeated values of an array filter', () => {
    expect(coerceFilterValue('tags', { kind: 'string-array' }, ['a,b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps commas in a scalar string filter', () => {
    expect(coerceFilterValue('cancelPeriod', { kind: 'string' }, '14 days, or 30')).toEqual(['14 days, or 30']);
  });

  it('reads numbers and booleans, refusing other text', () => {
    expect(coerceFilterValue('n', { kind: 'integer' }, '42')).toEqual([42]);
    expect(coerceFilterValue('n', { kind: 'number' }, '4.5')).toEqual([4.5]);
    expect(coerceFilterValue('b', { kind: 'boolean' }, ['true', false])).toEqual([true, false]);
    refused(() => coerceFilterValue('n', { kind: 'integer' }, '4.5'), 'querystring.n must be a whole number');
    refused(() => coerceFilterValue('n', { kind: 'number' }, ''), 'querystring.n must be a number');
    refused(() => coerceFilterValue('n', { kind: 'number' }, 'Infinity'), 'querystring.n must be a number');
    refused(() => coerceFilterValue('b', { kind: 'boolean' }, 'yes'), 'querystring.b must be true or false');
  });

  it('takes at most 100 values, each at most 4096 characters', () => {
    expect(
      coerceFilterValue('tags', { kind: 'string-array' }, Array.from({ length: 100 }, (_, i) => `t${i}`).join(',')),
    ).toHaveLength(100);
    refused(
      () =>
        coerceFilterValue('tags', { kind: 'string-array' }, Array.from({ length: 101 }, (_, i) => `t${i}`).join(',')),
      'querystring.tags may name at most 100 values, not 101',
    );
    refused(
      () =>
        coerceFilterValue('tags', { kind: 'string-array' }, [
          Array.from({ length: 60 }, () => 'a').join(','),
          ...Array.from({ length: 41 }, () => 'b'),
        ]),
      'at most 100 values, not 101',
    );
    refused(
      () =>
        coerceFilterValue(
          'n',
          { kind: 'integer' },
          Array.from({ length: 101 }, () => '1'),
        ),
      'querystring.n may name at most 100 values',
    );
    expect(coerceFilterValue('s', { kind: 'string' }, 'x'.repeat(4096))).toEqual(['x'.repeat(4096)]);
    refused(
      () => coerceFilterValue('s', { kind: 'string' }, 'x'.repeat(4097)),
      'querystring.s must be at most 4096 characters',
    );
  });

  it('refuses text PostgreSQL cannot store', () => {
    refused(() => coerceFilterValue('s', { kind: 'string' }, 'a\u0000'), 'querystring.s must not contain NUL');
    refused(() => coerceFilterValue('s', { kind: 'string-array' }, '\udc00'), 'querystring.s must not contain NUL');
  });
});

describe('parseListingQuery targets', () => {
  it('takes at most 100 fields', () => {
    expect(parse({ target: Array.from({ length: 100 }, () => 'status').join(',') }).targets).toHaveLength(100);
    refused(
      () => parse({ target: [Array.from({ length: 100 }, () => 'status').join(','), 'model'] }),
      'querystring.target may name at most 100 fields, not 101',
    );
  });
});

describe('singleTarget and arrayTarget', () => {
  it('take exactly one known field', () => {
    expect(singleTarget(termsResource, 'status')).toEqual(['status']);
    refused(() => singleTarget(termsResource, undefined), 'querystring.target is required');
    refused(() => singleTarget(termsResource, 'status,model'), 'exactly one field');
  });

  it('take only an array field for unwind', () => {
    expect(arrayTarget(gadgetResource, ['tags'])).toEqual(['tags']);
    refused(() => arrayTarget(gadgetResource, 'name'), 'is not an array field');
  });
});
