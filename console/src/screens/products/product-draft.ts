import type { Schemas } from '../../api/client';

export type Product = Schemas['Product'];
export type ProductDraft = Schemas['ProductDraft'];
type Description = Schemas['Description'];

/** The localized texts a product body carries to its description (request only: the product never answers them). */
export type TextField = 'marketingName' | 'localizedShortDesc' | 'localizedLongDesc' | 'localizedThankYouDesc';
export type Texts = Record<TextField, Record<string, string>>;

export const TEXT_FIELDS: { field: TextField; label: string; from: keyof Description; long?: boolean }[] = [
  { field: 'marketingName', label: 'Marketing name', from: 'localizedMarketingName' },
  { field: 'localizedShortDesc', label: 'Short description', from: 'localizedShortDesc', long: true },
  { field: 'localizedLongDesc', label: 'Long description', from: 'localizedLongDesc', long: true },
  { field: 'localizedThankYouDesc', label: 'Thank-you text', from: 'localizedThankYouDesc', long: true },
];

const textMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

/** The product's texts as its description holds them. */
export function textsOf(description: Description | undefined): Texts {
  return Object.fromEntries(TEXT_FIELDS.map(({ field, from }) => [field, textMap(description?.[from])])) as Texts;
}

/** Every locale some text is written in, in a stable order. */
export const localesOf = (texts: Texts) =>
  [...new Set(TEXT_FIELDS.flatMap(({ field }) => Object.keys(texts[field])))].sort();

/** The texts without empty entries (an emptied text is removed from its locale). */
export const compactTexts = (texts: Texts): Texts =>
  Object.fromEntries(
    TEXT_FIELDS.map(({ field }) => [
      field,
      Object.fromEntries(Object.entries(texts[field]).filter(([, text]) => text.trim() !== '')),
    ]),
  ) as Texts;

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The editable body of a stored product: all of it, since a PUT replaces the record and clears what it leaves out. */
export function draftOf(product: Product): ProductDraft {
  return { ...product };
}

/** Leaf values by dot path (`prices.priceByCountryByCurrency.FR.EUR.value`); lists are compared whole. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out[prefix] = value;
  return out;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const BOOKKEEPING = new Set(['updateDate', 'dbVersion']);

/** What changed field by field from one version of a record to another (bookkeeping fields left out). */
export function versionDiff(before: object, after: object): FieldChange[] {
  const a = flatten(before);
  const b = flatten(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => !BOOKKEEPING.has(field) && !sameJson(a[field], b[field]))
    .sort()
    .map((field) => ({ field, before: a[field], after: b[field] }));
}

export const shownValue = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
