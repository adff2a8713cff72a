import { describe, expect, it } from 'vitest';
import { foldText, wordQuery, wordsOf, wordVector } from '../../../src/platform/resource/document/search-words.js';

describe('search words', () => {
  it('fold case and accents, letters Unicode does not decompose included', () => {
    expect(foldText('FJÖRD Fjørd Ærø Straße Łódź')).toBe('fjord fjord aero strasse lodz');
    expect(wordsOf('Fjord-Racer 2.0 (Москва)')).toEqual(['fjord', 'racer', '2', '0', 'москва']);
  });

  it('make a vector of weighted positions, texts a position apart so a phrase never spans two', () => {
    expect(
      wordVector([
        { value: 'Fjord Racer', weight: 'A' },
        { value: { en: 'Racer', fr: 'Coureur' }, weight: 'B' },
        { value: undefined, weight: 'C' },
      ]),
    ).toBe("'fjord':2A 'racer':3A,5B 'coureur':7B");
    expect(wordVector([])).toBe('');
  });

  it('read words as starts, "phrases" as written, -word, or', () => {
    expect(wordQuery('q', 'Fjo RAC')).toBe("'fjo':* & 'rac':*");
    expect(wordQuery('q', '"sea racer" -pro')).toBe("('sea' <-> 'racer') & !'pro'");
    expect(wordQuery('q', 'boat pro or sea')).toBe("'boat':* & ('pro':* | 'sea':*)");
    expect(wordQuery('q', 'PSP-2026')).toBe("('psp':* <-> '2026':*)");
    expect(wordQuery('q', '  ')).toBeUndefined();
  });

  it('refuse a query with nothing to find or too many words', () => {
    expect(() => wordQuery('q', '-pro')).toThrow(/querystring.q holds no word/);
    expect(() => wordQuery('q', '!!! ...')).toThrow(/querystring.q holds no word/);
    expect(() => wordQuery('q', Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '))).toThrow(/at most 20 words/);
    expect(() => wordQuery('q', 'x'.repeat(1001))).toThrow(/at most 1000 characters/);
  });
});
