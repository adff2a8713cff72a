import type { Schemas } from '../../api/client';
import { mediumDateTime } from '../date-format';

export type ActivityEntry = Schemas['ActivityEntry'];

/** One field an entry changed: its dot path, and its value before and after. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Fields every write changes: saying so on each entry would hide what the change was. */
const BOOKKEEPING = new Set(['dbVersion', 'updateDate', 'createDate', 'id']);

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(after: unknown, before: unknown, path: string, out: FieldChange[]): void {
  if (isMap(after) && (isMap(before) || before === null || before === undefined)) {
    const previous = isMap(before) ? before : {};
    for (const key of new Set([...Object.keys(after), ...Object.keys(previous)]))
      walk(after[key], previous[key], path ? `${path}.${key}` : key, out);
    return;
  }
  if (JSON.stringify(after) !== JSON.stringify(before)) out.push({ path, before, after });
}

/** The fields an entry changed, down to each leaf (`lifecycle.status`, `prices.…FR.EUR.value`), bookkeeping left out. */
export function changesOf(entry: Pick<ActivityEntry, 'delta' | 'previous'>): FieldChange[] {
  const out: FieldChange[] = [];
  walk(entry.delta, entry.previous, '', out);
  return out.filter((change) => !BOOKKEEPING.has(change.path));
}

/** The fields of a price entry that are money (docs/catalog.md: a price per country and currency). */
const PRICE_FIELDS = new Set(['value', 'initialValue', 'msrp', 'crossSell', 'upSell']);

/**
 * The currency a changed field is an amount in, or undefined when it is no amount: a price (`….EUR.value`: the
 * currency is its parent's key) or a subscription's `mandateValue` (in the record's `currency`).
 */
export function amountCurrency(path: string, recordCurrency: string | undefined): string | undefined {
  const segments = path.split('.');
  const last = segments.at(-1) ?? '';
  if (last === 'mandateValue') return recordCurrency;
  const parent = segments.at(-2);
  return PRICE_FIELDS.has(last) && parent && /^[A-Z]{3}$/.test(parent) ? parent : undefined;
}

export function formatAmount(value: number, currency: string | undefined): string {
  if (!currency) return value.toLocaleString();
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toLocaleString()} ${currency}`;
  }
}

/** An instant as the console writes one: date and time in the reader's zone. */
export const formatInstant = (at: string | number) => mediumDateTime(at);

/** A changed value in words: amounts in their currency, epoch-millisecond dates as dates, lists by their length. */
export function showValue(path: string, value: unknown, recordCurrency?: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    const currency = amountCurrency(path, recordCurrency);
    if (currency !== undefined || path.endsWith('mandateValue')) return formatAmount(value, currency);
    return /Date$|Deadline$/.test(path) && value > 1e11 ? formatInstant(value) : value.toLocaleString();
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (Array.isArray(value)) {
    const scalars = value.every((item) => typeof item !== 'object' || item === null);
    const joined = scalars ? value.join(', ') : '';
    return joined && joined.length <= 80 ? joined : `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  return `${Object.keys(value).length} fields`;
}

/** The record's name as the entry carries it (a creation, a rename), for a link that reads as a name. */
export function entryRecordName(entry: ActivityEntry): string | undefined {
  for (const field of ['name', 'genericName', 'filename', 'username'])
    if (typeof entry.delta[field] === 'string' && entry.delta[field] !== '') return entry.delta[field];
  return undefined;
}
