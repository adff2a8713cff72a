import { describe, expect, it } from 'vitest';
import { diff } from '../../../src/platform/events/delta.js';
import { eventOf } from '../../../src/platform/events/outbox.js';

describe('diff', () => {
  it('holds only changed fields, with new values in delta and old ones in previous', () => {
    expect(diff({ a: 1, b: 'x', c: true }, { a: 2, b: 'x', c: true })).toEqual({ delta: { a: 2 }, previous: { a: 1 } });
  });

  it('gives a removed field as null in delta and an added one as null in previous', () => {
    expect(diff({ gone: 'x' }, { added: 'y' })).toEqual({
      delta: { gone: null, added: 'y' },
      previous: { gone: 'x', added: null },
    });
  });

  it('diffs nested objects recursively, at any depth', () => {
    const before = { m: { fr: { a: '1', b: '2' }, en: { a: '1' } }, k: 1 };
    const after = { m: { fr: { a: '1', b: '3' }, en: { a: '1' } }, k: 1 };
    expect(diff(before, after)).toEqual({ delta: { m: { fr: { b: '3' } } }, previous: { m: { fr: { b: '2' } } } });
  });

  it('compares arrays whole', () => {
    expect(diff({ tags: ['a', 'b'] }, { tags: ['a', 'c'] })).toEqual({
      delta: { tags: ['a', 'c'] },
      previous: { tags: ['a', 'b'] },
    });
    expect(diff({ tags: ['a', { x: 1 }] }, { tags: ['a', { x: 1 }] })).toEqual({ delta: {}, previous: {} });
  });

  it('replaces whole when a value changes between object and not', () => {
    expect(diff({ m: { a: 1 } }, { m: 'flat' })).toEqual({ delta: { m: 'flat' }, previous: { m: { a: 1 } } });
    expect(diff({ m: null }, { m: { a: 1 } })).toEqual({ delta: { m: { a: 1 } }, previous: { m: null } });
  });

  it('sees no change between equal documents whatever their key order', () => {
    expect(diff({ a: 1, m: { x: 1, y: 2 } }, { m: { y: 2, x: 1 }, a: 1 })).toEqual({ delta: {}, previous: {} });
  });

  it('tells 0, false, "" and null apart', () => {
    expect(diff({ a: 0, b: false, c: '' }, { a: false, b: '', c: null })).toEqual({
      delta: { a: false, b: '', c: null },
      previous: { a: 0, b: false, c: '' },
    });
  });
});

describe('eventOf', () => {
  it('diffs the real values, then masks delta, previous and the involved record', () => {
    const mask = (doc: Record<string, unknown>) =>
      'secret' in doc && doc.secret !== null ? { ...doc, secret: '***' } : doc;
    const event = eventOf({
      fact: 'updated',
      subject: 'thing',
      customerId: undefined,
      before: { id: '1', secret: 's1' },
      after: { id: '1', secret: 's2' },
      mask,
      occurredAt: new Date(),
    });
    expect(event).toMatchObject({
      fact: 'updated',
      subject: 'thing',
      customerId: null,
      what: { delta: { secret: '***' }, previous: { secret: '***' } },
      involved: { thing: { id: '1', secret: '***' } },
    });
    expect(JSON.stringify(event)).not.toMatch(/s1|s2/);
  });

  it('gives a created record whole as its delta', () => {
    const event = eventOf({
      fact: 'created',
      subject: 'thing',
      customerId: 'c',
      before: undefined,
      after: { id: '1', n: 2 },
      occurredAt: new Date('2026-03-04T05:06:07.089Z'),
    });
    expect(event.what).toEqual({ delta: { id: '1', n: 2 }, previous: { id: null, n: null } });
    expect(event.occurredAt).toBe('2026-03-04T05:06:07.089Z');
  });
});
