import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  arrayWriter,
  frozenWriter,
  JsonBytes,
  jsonSerializer,
  objectWriter,
  type ValueWriter,
} from '../../../src/platform/http/json-bytes.js';
import { Obj } from '../../../src/platform/schema-types.js';

const Inner = Obj({ code: Type.String(), size: Type.Optional(Type.Integer()) });
const Outer = Obj({
  id: Type.String(),
  note: Type.Optional(Type.String()),
  count: Type.Integer(),
  ratio: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  at: Type.Optional(Type.String({ format: 'date-time' })),
  tags: Type.Optional(Type.Array(Type.String())),
  inner: Type.Optional(Inner),
  items: Type.Optional(Type.Array(Inner)),
});
type Value = Record<string, unknown>;

const reference = jsonSerializer<Value>(Outer, {});
const innerWriter = objectWriter<Value>(Inner, {}, {});
const writer = objectWriter<Value>(
  Outer,
  {},
  { inner: innerWriter as ValueWriter<object>, items: arrayWriter(innerWriter) as ValueWriter<object> },
);
const written = (value: Value, write: ValueWriter<Value> = writer) => {
  const out = new JsonBytes(16);
  write(out, value);
  return out.end().toString('utf8');
};

describe('objectWriter', () => {
  it.each<[string, Value]>([
    [
      'every property, in another order',
      {
        items: [{ size: 2, code: 'b' }],
        inner: { code: 'a' },
        tags: ['x'],
        flag: true,
        ratio: 0.25,
        note: 'n',
        count: 3,
        id: 'i',
      },
    ],
    ['only the required ones', { id: 'i', count: 0 }],
    [
      'texts to escape: quotes, backslash, controls, lone surrogates, non-ASCII',
      { id: 'a"b\\c\n\t\u0001', note: 'x\ud800y\udc00 — é €', count: -7 },
    ],
    [
      'an integer written as a fraction and as text',
      { id: 'i', count: 3.7, inner: { code: 'c', size: '12' as never } },
    ],
    ['numbers that are not finite, and a number as text', { id: 'i', count: 1, ratio: '0.5' as never }],
    ['a boolean given as text and as a number', { id: 'i', count: 1, flag: 'yes' as never }],
    ['a Date for a date-time text', { id: 'i', count: 1, at: new Date(Date.UTC(2026, 0, 2)) as never }],
    [
      'a number for a text, null for optional scalars',
      { id: 42 as never, count: 1, note: null as never, ratio: null as never },
    ],
    ['properties the schema does not have', { id: 'i', count: 1, extra: 'dropped' }],
  ])('writes %s as fast-json-stringify does', (_name, value) => {
    expect(written(value)).toBe(reference(value));
  });

  it('refuses a missing required scalar as fast-json-stringify does', () => {
    expect(() => reference({ count: 1 })).toThrow();
    expect(() => written({ count: 1 })).toThrow();
  });

  it('refuses a missing required property written by its own writer as fast-json-stringify does', () => {
    const Holder = Obj({ inner: Inner });
    const holder = objectWriter<Value>(Holder, {}, { inner: innerWriter as ValueWriter<object> });
    expect(() => jsonSerializer<Value>(Holder, {})({})).toThrow('"inner" is required!');
    expect(() => written({}, holder)).toThrow('"inner" is required!');
  });
});

describe('frozenWriter', () => {
  it('writes a frozen value once and copies its bytes after; an unfrozen value is written each time', () => {
    let calls = 0;
    const counted: ValueWriter<Value> = (out, value) => {
      calls += 1;
      writer(out, value);
    };
    const kept = frozenWriter(counted);
    const long = Object.freeze({ id: 'x'.repeat(300), count: 1 });
    const short = Object.freeze({ id: 'é', count: 2 });
    expect([written(long, kept), written(long, kept)]).toEqual([reference(long), reference(long)]);
    expect([written(short, kept), written(short, kept)]).toEqual([reference(short), reference(short)]);
    expect(calls).toBe(2);
    const open = { id: 'o', count: 3 };
    written(open, kept);
    written(open, kept);
    expect(calls).toBe(4);
  });
});
