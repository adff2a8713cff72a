import type { Doc } from '../../platform/resource/declare.js';
import { FLAT_TEXTS } from './description.schema.js';

/** The text of `map` in `locale`, else in its language alone (`fr` for `fr_CA`), else its first entry. */
export function localizedText(map: unknown, locale: string | undefined): string | undefined {
  if (map === null || typeof map !== 'object') return undefined;
  const texts = map as Record<string, string>;
  if (locale && Object.hasOwn(texts, locale)) return texts[locale];
  const language = locale?.split(/[-_]/)[0];
  if (language && Object.hasOwn(texts, language)) return texts[language];
  return Object.values(texts)[0];
}

/** The description with its flat texts (response only) read from its localized maps in `fallbackLocale`. */
export function withFlatTexts<D extends Doc>(doc: D): D {
  const out: Doc = { ...doc };
  for (const [flat, localized] of Object.entries(FLAT_TEXTS)) {
    const text = localizedText(doc[localized], typeof doc.fallbackLocale === 'string' ? doc.fallbackLocale : undefined);
    if (text === undefined) delete out[flat];
    else out[flat] = text;
  }
  return out as D;
}
