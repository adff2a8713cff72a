import { type Doc, getPath, splitPath } from './document-paths.js';

/** PostgreSQL text search configurations by ISO 639-1 language (those both PostgreSQL 15+ and PGlite ship). */
const CONFIG_BY_LANGUAGE: Record<string, string> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** `fr_FR`, `fr-CA`, `FR` -> `french`; an unknown or absent locale -> `simple` (no stemming, no stop words). */
export function textSearchConfig(locale: string | undefined): string {
  const language = /^([a-z]{2,3})(?:[-_]|$)/i.exec(locale ?? '')?.[1]?.toLowerCase();
  return (
    (language && Object.hasOwn(CONFIG_BY_LANGUAGE, language) ? CONFIG_BY_LANGUAGE[language] : undefined) ?? 'simple'
  );
}

export interface SearchPiece {
  config: string;
  text: string;
  /** PostgreSQL weights: the first declared field ranks highest. */
  weight: 'A' | 'B' | 'C' | 'D';
}

const WEIGHTS = ['A', 'B', 'C', 'D'] as const;
/** Bounds the statement a record's vector needs, whatever the number of locales it carries. */
const MAX_PIECES = 200;

/**
 * The texts of `fields` in `doc`, each with the configuration it is analysed with. A localized text is indexed twice:
 * stemmed in its language (`chevaux` finds `cheval`) and as written (`simple`), so a query matches whatever language
 * it is in; a plain text is indexed as written.
 */
export function searchPieces(doc: Doc, fields: string[]): SearchPiece[] {
  const pieces: SearchPiece[] = [];
  fields.forEach((field, index) => {
    const weight = WEIGHTS[Math.min(index, WEIGHTS.length - 1)]!;
    const value = getPath(doc, splitPath(field));
    if (typeof value === 'string' && value.trim()) pieces.push({ config: 'simple', text: value, weight });
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [locale, text] of Object.entries(value as Doc)) {
        if (typeof text !== 'string' || !text.trim()) continue;
        const config = textSearchConfig(locale);
        if (config !== 'simple') pieces.push({ config, text, weight });
        pieces.push({ config: 'simple', text, weight });
      }
    }
  });
  return pieces.slice(0, MAX_PIECES);
}
