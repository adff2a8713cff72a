import { describe, expect, it } from 'vitest';
import { foldText, wordQuery, wordsOf, wordVector } from '../../../src/platform/resource/document/search-words.js';

describe('search words', () => {
  it('fold case and accents, letters Unicode does not decompose included', () => {
    expect(foldText('FJÖRD Fjørd Ærø Straße Łódź')).toBe('fjord fjord aero strasse lodz');
    expect(wordsOf('Fjord-Racer 2.0 (Москва)')).toEqual(['fjord', 'racer', '2', '0', 'москва']);
  });

  it('make a vector of weighted positions, texts a position apart so a phrase never spans two', () => {
    const vector = wordVector([
      { value: 'Fjord Racer', weight: 'A' },
      { value: { en: 'Racer', fr: 'Coureur' }, weight: 'B' },
      { value: undefined, weight: 'C' },
    ]);
    expect(vector).toMatch(/^'fjord':2A 'racer':3A,5B 'coureur':7B '~f':2A '~fj':2A /);
    expect(vector).toContain("'~r':3A,5B '~ra':3A,5B");
    expect(vector).toContain("'~coureur':7B");
    expect(wordVector([])).toBe('');
  });

  it('keep the starts of each word as lexemes of their own, up to 16 letters, at the positions of the word', () => {
    const lexemes = wordVector([{ value: 'Øresund supercalifragilisticexpialidocious', weight: 'A' }])
      .split(' ')
      .map((entry) => entry.slice(1, entry.lastIndexOf("'")));
    expect(lexemes.filter((lexeme) => lexeme.startsWith('~o'))).toEqual([
      '~o',
      '~or',
      '~ore',
      '~ores',
      '~oresu',
      '~oresun',
      '~oresund',
    ]);
    expect(lexemes.filter((lexeme) => lexeme.startsWith('~s')).at(-1)).toBe('~supercalifragili');
  });

  it('bound the vector of a long text: its words, their starts and their positions', () => {
    const words = Array.from({ length: 20_000 }, (_, n) => `w${n.toString(36)}x${'y'.repeat(n % 30)}`);
    const vector = wordVector([{ value: words.join(' '), weight: 'D' }]);
    const lexemes = vector.split(' ');
    expect(lexemes.filter((lexeme) => !lexeme.startsWith("'~"))).toHaveLength(4000);
    expect(lexemes.filter((lexeme) => lexeme.startsWith("'~")).length).toBeLessThanOrEqual(8000);
    expect(Buffer.byteLength(vector)).toBeLessThan(1024 * 1024);
  });

  it('read words as starts, "phrases" as written, -word, or', () => {
    expect(wordQuery('q', 'Fjo RAC')).toBe("'~fjo' & '~rac'");
    expect(wordQuery('q', '"sea racer" -pro')).toBe("('sea' <-> 'racer') & !'pro'");
    expect(wordQuery('q', 'boat pro or sea')).toBe("'~boat' & ('~pro' | '~sea')");
    expect(wordQuery('q', 'PSP-2026')).toBe("('~psp' <-> '~2026')");
    // Longer than the starts kept: the start finds the rows, the whole word's prefix checks them.
    expect(wordQuery('q', 'Supercalifragilistic')).toBe("('~supercalifragili' & 'supercalifragilistic':*)");
    expect(wordQuery('q', '  ')).toBeUndefined();
  });

  it('refuse a query with nothing to find or too many words', () => {
    expect(() => wordQuery('q', '-pro')).toThrow(/querystring.q holds no word/);
    expect(() => wordQuery('q', '!!! ...')).toThrow(/querystring.q holds no word/);
    expect(() => wordQuery('q', Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '))).toThrow(/at most 20 words/);
    expect(() => wordQuery('q', 'x'.repeat(1001))).toThrow(/at most 1000 characters/);
  });
});
