import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture.js';

const { t } = await useApp();

describe('arrays of texts as query parameters', () => {
  it('arrive as written: quotes, backslashes, commas, braces, spaces, the word NULL, empty texts, nulls and non-ASCII', async () => {
    const values = [
      'plain',
      'quo"te',
      'back\\slash',
      '\\"both\\"',
      'comma,here',
      '{braces}',
      ' spaced ',
      'NULL',
      '',
      null,
      'ünï € 😀',
    ];
    const { rows } = await t.built.db.query<{ texts: (string | null)[]; n: number }>(
      'SELECT $1::text[] AS texts, cardinality($1::text[]) AS n',
      [values],
    );
    expect(rows[0]).toEqual({ texts: values, n: values.length });
  });

  it('match rows by the same values: one element each, none split or merged', async () => {
    const wanted = ['a"b', 'c\\d', 'e,f', 'g}h'];
    const { rows } = await t.built.db.query<{ id: string }>(
      'SELECT id FROM unnest($1::text[], $2::text[]) AS t(id, other) WHERE id = ANY($3::text[])',
      [wanted, wanted, [...wanted, 'absent']],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...wanted].sort());
  });

  it('leave other arrays and an empty one to the driver', async () => {
    const { rows } = await t.built.db.query<{ numbers: number[]; none: string[] }>(
      'SELECT $1::int[] AS numbers, $2::text[] AS none',
      [[1, 2, 3], []],
    );
    expect(rows[0]).toEqual({ numbers: [1, 2, 3], none: [] });
  });
});
