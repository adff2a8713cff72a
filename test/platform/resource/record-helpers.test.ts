import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../src/platform/resource/declare/resource-definition.js';
import {
  getPath,
  type JsonSchemaNode,
  project,
  schemaAt,
  withPath,
} from '../../../src/platform/resource/document/document-paths.js';
import {
  keepReadOnly,
  keepStoredSecrets,
  maskSecrets,
  writableFields,
} from '../../../src/platform/resource/document/record-fields.js';
import {
  dottedPath,
  findUnstorableText,
  isStorableText,
} from '../../../src/platform/resource/document/storable-text.js';
import { recordSchemaOf } from '../../../src/platform/resource/http/record-shapes.js';
import { parseIfMatch } from '../../../src/platform/resource/http/versions.js';
import { Obj } from '../../../src/platform/schema-types.js';

describe('parseIfMatch', () => {
  it.each([
    ['"3"', 3],
    ['3', 3],
    ['W/"12"', 12],
    [' "0" ', 0],
  ])('reads %s as version %s', (header, version) => {
    expect(parseIfMatch(header)).toBe(version);
  });

  it('asks for no check when absent or *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
  });

  it.each(['"abc"', '"-1"', '"1.5"', '"1", "2"', '', '""', '"3', '3"', 'W/3', 'W/"3', '"3"3', '""3""'])(
    'gives %j a version no record has',
    (header) => {
      expect(parseIfMatch(header)).toBe(-1);
    },
  );
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, accepts paired ones', () => {
    expect(isStorableText('plain été ☃')).toBe(true);
    expect(isStorableText('𝄞')).toBe(true);
    expect(isStorableText('a\u0000')).toBe(false);
    expect(isStorableText('\ud800x')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
  });

  it('finds the path of the first bad value or key', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'ok' }, { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findUnstorableText({ m: { 'k\u0000': 'v' } })).toEqual(['m', 'k\u0000']);
    expect(findUnstorableText({ a: 1, b: null, c: true, d: ['x'] })).toBeUndefined();
    expect(dottedPath(['b', 1, 'c'])).toBe('b[1].c');
  });

  it('walks any depth without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText({ deep })).toHaveLength(200_001);
  });
});

describe('document paths', () => {
  const schema = Obj({
    a: Type.Object({ b: Type.String() }),
    tags: Type.Array(Type.String()),
  }) as unknown as JsonSchemaNode;

  it('finds fields of the schema by dot path, and nothing inherited', () => {
    expect(schemaAt(schema, ['a', 'b'])).toMatchObject({ type: 'string' });
    expect(schemaAt(schema, ['a', 'x'])).toBeUndefined();
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(schemaAt(schema, [key])).toBeUndefined();
  });

  it('reads own values only', () => {
    expect(getPath({ a: { b: 1 } }, ['a', 'b'])).toBe(1);
    expect(getPath({}, ['constructor'])).toBeUndefined();
    expect(getPath({ a: [1] }, ['a', '0'])).toBeUndefined();
  });

  it('writes and removes by path without touching the original', () => {
    const doc = { a: { b: 1, c: 2 } };
    expect(withPath(doc, ['a', 'b'], undefined)).toEqual({ a: { c: 2 } });
    expect(withPath(doc, ['x', 'y'], 3)).toEqual({ a: { b: 1, c: 2 }, x: { y: 3 } });
    expect(doc).toEqual({ a: { b: 1, c: 2 } });
  });

  it('projects the named fields plus id', () => {
    expect(project({ id: '1', a: { b: 1, c: 2 }, d: 3 }, [['a', 'b']])).toEqual({ id: '1', a: { b: 1 } });
  });
});

describe('record fields', () => {
  const definition = defineResource({
    name: 'x',
    displayName: 'x',
    path: '/x',
    table: 'x',
    schema: Obj({}),
    scopeArea: 'terms',
    tag: 'x',
    operations: { list: 'l', create: 'c', get: 'g', update: 'u' },
    secret: ['key', 'auth.password'],
    readOnly: ['serial'],
  });

  it('drops server-managed and read-only fields from a body', () => {
    const body = { id: '1', createDate: 'd', updateDate: 'd', dbVersion: 1, customerId: 'c', serial: 's', name: 'n' };
    expect(writableFields(definition, body)).toEqual({ name: 'n' });
  });

  it('masks present secrets only', () => {
    expect(maskSecrets(definition, { key: 'k', auth: { user: 'u', password: 'p' } })).toEqual({
      key: '********',
      auth: { user: 'u', password: '********' },
    });
    expect(maskSecrets(definition, { auth: { user: 'u' }, key: null })).toEqual({ auth: { user: 'u' }, key: null });
  });

  it('keeps stored secrets that an update leaves out or sends masked', () => {
    const stored = { key: 'k', auth: { password: 'p' } };
    expect(keepStoredSecrets(definition, { auth: { password: '********' } }, stored)).toEqual({
      key: 'k',
      auth: { password: 'p' },
    });
    expect(keepStoredSecrets(definition, { key: 'new' }, stored)).toEqual({ key: 'new', auth: { password: 'p' } });
  });

  it('keeps stored read-only values', () => {
    expect(keepReadOnly(definition, { name: 'n' }, { serial: 's' })).toEqual({ name: 'n', serial: 's' });
    expect(keepReadOnly(definition, { name: 'n' }, {})).toEqual({ name: 'n' });
  });
});

describe('answer examples', () => {
  it('show the server-set dates in the form the kind stores: ISO text, or epoch milliseconds for integer dates', () => {
    const iso = Obj({ name: Type.String(), createDate: Type.Optional(Type.String()) }, { examples: [{ name: 'a' }] });
    const epoch = Obj(
      { name: Type.String(), createDate: Type.Optional(Type.Integer()), updateDate: Type.Optional(Type.Integer()) },
      { examples: [{ name: 'b' }] },
    );
    const [isoExample] = (recordSchemaOf({ schema: iso }) as any).examples;
    const [epochExample] = (recordSchemaOf({ schema: epoch }) as any).examples;
    expect(isoExample).toMatchObject({
      name: 'a',
      createDate: expect.stringMatching(/Z$/),
      updateDate: expect.stringMatching(/Z$/),
    });
    expect(epochExample).toMatchObject({ name: 'b', createDate: expect.any(Number), updateDate: expect.any(Number) });
    expect(new Date(epochExample.createDate).toISOString()).toBe(isoExample.createDate);
  });
});
