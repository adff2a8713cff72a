import { expect } from 'vitest';
import { newId } from '../../src/platform/ids.js';
import type { TestApp } from '../support/test-app.js';

export { unique } from '../support/unique.js';

/** A JSON value as a query parameter (`pageable`, `predicate`). */
export const jsonParam = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export type Body = Record<string, unknown>;

export function termsBody(overrides: Body = {}): Body {
  return { startDate: '2026-01-01T00:00:00Z', template: 'tpl', model: 'MOR', status: 'DRAFT', ...overrides };
}

export function companyTermsBody(overrides: Body = {}): Body {
  return {
    startDate: '2026-01-01T00:00:00Z',
    cancelPeriod: '14 days',
    corporateUrl: 'https://corp.example.com',
    contactForm: 'https://corp.example.com/contact',
    providerSasCapital: '100000 EUR',
    ...overrides,
  };
}

export interface Kind {
  path: '/terms' | '/company-terms';
  table: 'terms' | 'company_terms';
  subject: 'terms' | 'company-terms';
  body: (overrides?: Body) => Body;
  required: string[];
  /** A free-text field with an equality filter, used to scope listings to one test's records. */
  tagField: 'lastUpdater' | 'corporateUrl';
}

export const TERMS: Kind = {
  path: '/terms',
  table: 'terms',
  subject: 'terms',
  body: termsBody,
  required: ['startDate', 'template', 'model'],
  tagField: 'lastUpdater',
};

export const COMPANY_TERMS: Kind = {
  path: '/company-terms',
  table: 'company_terms',
  subject: 'company-terms',
  body: companyTermsBody,
  required: ['startDate', 'cancelPeriod', 'corporateUrl', 'contactForm', 'providerSasCapital'],
  tagField: 'corporateUrl',
};

export const KINDS: Kind[] = [TERMS, COMPANY_TERMS];

/** Creates an item and returns the stored record; fails the test on anything but 201. */
export async function createItem(
  t: TestApp,
  token: string,
  kind: Kind,
  overrides: Body = {},
): Promise<Record<string, any>> {
  const res = await t.request('POST', kind.path, token, kind.body(overrides));
  if (res.status !== 201) throw new Error(`create ${kind.path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}

/** Creates `count` items tagged with `tag` (in the kind's tag field), in order. */
export async function createTagged(
  t: TestApp,
  token: string,
  kind: Kind,
  tag: string,
  overrides: Body[],
): Promise<Record<string, any>[]> {
  const created: Record<string, any>[] = [];
  for (const o of overrides) created.push(await createItem(t, token, kind, { [kind.tagField]: tag, ...o }));
  return created;
}

/** The simple error shape of docs/product-decisions.md §4, with `status` as given. */
export function expectSimpleError(
  res: { status: number; body: unknown },
  status: number,
  message?: string | RegExp,
): void {
  expect(res.status).toBe(status);
  const body = res.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'path', 'status', 'timestamp']);
  expect(body.status).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(typeof body.path).toBe('string');
  expect(typeof body.timestamp).toBe('number');
  expect(Math.abs(Date.now() - (body.timestamp as number))).toBeLessThan(60_000);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body.message).toContain(message);
}

/** The stored JSON document of a record, read from the database. */
export async function storedDoc(t: TestApp, table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await t.built.db.query<{ doc: Record<string, unknown> }>(`SELECT doc FROM ${table} WHERE id = $1`, [
    id,
  ]);
  return rows[0]?.doc;
}

/** Outbox events about one record, oldest first. */
export { eventsOf } from '../support/outbox-events.js';

export { sleep } from '../support/wait.js';

/**
 * Stores an item straight into its table, as an older version of the service may have: values today's input rules
 * refuse (a year 0000 date-time) can still be in a database, and reads must cope with them.
 */
export async function storeLegacyItem(t: TestApp, kind: Kind, fields: Body): Promise<Record<string, unknown>> {
  const now = new Date().toISOString();
  const doc = { ...kind.body(fields), id: newId(), createDate: now, updateDate: now, dbVersion: 0 };
  await t.built.db.query(
    `INSERT INTO ${kind.table} (id, customer_id, db_version, create_date, update_date, doc) VALUES ($1, NULL, 0, $2, $2, $3::jsonb)`,
    [doc.id, now, JSON.stringify(doc)],
  );
  return doc;
}
