import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/test-app.js';
import { encode } from './hostile-values.js';
import { fillPath, type Json, type Operation, type Parameter, resolve } from './openapi-operations.js';

/**
 * Real records for the safety tests, made through the API from the document alone: every operation that creates
 * (a POST answering 201 with a JSON record) is called once with its body example. Their ids then fill the path
 * parameters of the other operations, so requests reach handlers and the database, not only the router.
 */
export type Records = Map<string, Json>;

const answersRecord = (op: Operation) =>
  op.method === 'POST' && Boolean(op.responses['201']?.content?.['application/json']);
const takesJson = (op: Operation) => Boolean(op.body?.mediaTypes.includes('application/json'));
const takesFile = (op: Operation) => Boolean(op.body?.mediaTypes.includes('multipart/form-data'));

/** Creating operations, those with fewer path parameters first (a realm's users after the customer owning the realm). */
export function creatingOperations(operations: Operation[]): Operation[] {
  const depth = (op: Operation) => (op.path.match(/\{/g) ?? []).length;
  return operations
    .filter((op) => answersRecord(op) && (takesJson(op) || takesFile(op)))
    .sort((a, b) => depth(a) - depth(b));
}

/**
 * A value for each path parameter: the key of the record created at the path before it (`/terms/{id}` -> the id of
 * the record created by POST /terms; the field its `x-record-field` names when the kind is addressed by another one),
 * else the same-named (or name-prefixed: `realm` -> `realmName`) field of a created record.
 */
export function pathValuesFor(path: string, records: Records, parameters: Parameter[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1]!;
    const collection = path.slice(0, match.index! - 1);
    const owner = [...records.keys()].find((created) => created === collection);
    const byField =
      [...records.values()].find((record) => typeof record[name] === 'string') ??
      [...records.values()].find((record) =>
        Object.keys(record).some((key) => key.startsWith(name) && typeof record[key] === 'string'),
      );
    const field = byField
      ? typeof byField[name] === 'string'
        ? name
        : Object.keys(byField).find((key) => key.startsWith(name) && typeof byField[key] === 'string')!
      : undefined;
    const keyField =
      (parameters.find((parameter) => parameter.name === name)?.schema['x-record-field'] as string | undefined) ?? 'id';
    values[name] = owner ? String(records.get(owner)![keyField]) : field ? String(byField![field]) : 'unknown';
  }
  return values;
}

/**
 * The example with its free-text fields made unique, so creating it twice never meets a unique key (a realm name).
 * `tagged: false` leaves them as they are: a free text may be code (an expression, a JSON path) the tag would break.
 */
export function uniqueExample(
  doc: Json,
  op: Operation,
  extra: Json = {},
  tagged = true,
  given = op.body?.example as Json,
): Json {
  const schema = resolve(doc, op.body?.schema);
  const example = { ...given };
  const tag = randomBytes(3).toString('hex');
  for (const [name, value] of tagged ? Object.entries(example) : []) {
    const field = resolve(doc, schema.properties?.[name]);
    const free = typeof value === 'string' && field.type === 'string' && !field.format && !field.enum && !field.pattern;
    if (free && (field.maxLength === undefined || value.length + 7 <= field.maxLength))
      example[name] = `${value}-${tag}`;
  }
  const accepts = (name: string) => Boolean(schema.properties?.[name]);
  return { ...example, ...Object.fromEntries(Object.entries(extra).filter(([name]) => accepts(name))) };
}

function multipartFile(field: string): { payload: string; contentType: string } {
  const boundary = `seed${randomBytes(6).toString('hex')}`;
  const content = `seed content ${randomBytes(8).toString('hex')}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="seed.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `productId` -> `/products`: the collection a reference field names. */
const collectionOf = (field: string) => `/${field.slice(0, -2).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`;

/**
 * The example with each reference to another kind (`productId`, also inside lists: a cart's `items[].productId`)
 * replaced by the id of the record created for that kind, so a body that must name an existing record can be
 * created. The owner (`customerId`) is left to `extra`.
 */
function withReferences(value: unknown, records: Records, field?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withReferences(item, records, field));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withReferences(inner, records, key)]));
  const referenced =
    typeof value === 'string' && field?.endsWith('Id') && field !== 'customerId'
      ? records.get(collectionOf(field))
      : undefined;
  return referenced ? String(referenced.id) : value;
}

/** Every value along a declared reference path (`products[].id`, `items[].productId`) replaced by `id`. */
function withReference(value: unknown, steps: string[], id: string): unknown {
  if (steps.length === 0) return typeof value === 'string' ? id : value;
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === '[]') return Array.isArray(value) ? value.map((element) => withReference(element, rest, id)) : value;
  if (!value || typeof value !== 'object' || Array.isArray(value) || !(step in value)) return value;
  return { ...(value as Json), [step]: withReference((value as Json)[step], rest, id) };
}

/**
 * The example with each reference its kind declares (`references` of the kind served at `op.path`, read from the
 * running app) naming the record created for the referenced kind, when there is one: a body must name records
 * that exist and that its writer sees.
 */
function withDeclaredReferences(t: TestApp, op: Operation, body: unknown, records: Records): unknown {
  const definitions = t.built.services.definitions();
  // The kind served at the path, or whose records the path acts on (`/subscriptions/{id}/upgrade` takes a subscription).
  const kind = definitions
    .filter((definition) => op.path === definition.path || op.path.startsWith(`${definition.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  let out = body;
  for (const [path, referenced] of Object.entries(kind?.references ?? {})) {
    const target = records.get(definitions.find((definition) => definition.name === referenced)?.path ?? '');
    if (!target) continue;
    const steps = path
      .split('.')
      .flatMap((segment) => (segment.endsWith('[]') ? [segment.slice(0, -2), '[]'] : [segment]));
    out = withReference(out, steps, String(target.id));
  }
  return out;
}

/**
 * A JSON body for `op`: its example (`given`, or the operation's first) made unique, with `extra` fields, naming the
 * records made before wherever it names a record (declared references, and `...Id` fields). `tagged: false` leaves
 * free texts as they are (a text may be code the tag would break).
 */
export function exampleBody(
  t: TestApp,
  doc: Json,
  op: Operation,
  records: Records,
  extra: Json = {},
  tagged = true,
  given?: Json,
): unknown {
  return withDeclaredReferences(t, op, withReferences(uniqueExample(doc, op, extra, tagged, given), records), records);
}

export interface CreateOptions {
  /** Fields added where the body takes them (a customerId). */
  extra?: Json;
  /** The body to start from (default: the operation's first example). */
  example?: Json;
  /** Path parameter values that win over those taken from the records. */
  pathValues?: Record<string, string>;
}

/** POST one record through `op` as `token`; `undefined` when refused. */
export async function createThrough(
  t: TestApp,
  doc: Json,
  op: Operation,
  token: string,
  records: Records,
  options: CreateOptions = {},
): Promise<Json | undefined> {
  const { extra = {}, example } = options;
  const values = { ...pathValuesFor(op.path, records, op.parameters), ...options.pathValues };
  const url = fillPath(op.path, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encode(v)])));
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string;
  if (takesJson(op)) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(exampleBody(t, doc, op, records, extra, true, example));
    const tagged = await t.inject({ method: 'POST', url, headers, payload });
    if (tagged.statusCode === 201) return tagged.json() as Json;
    // Refused: the tag may have broken a text that is code (a price function's expression); the example as written.
    payload = JSON.stringify(exampleBody(t, doc, op, records, extra, false, example));
  } else {
    const fileField =
      Object.entries<Json>(resolve(doc, op.body?.schema).properties ?? {}).find(
        ([, s]) => s.format === 'binary' || s.contentMediaType !== undefined,
      )?.[0] ?? 'file';
    const file = multipartFile(fileField);
    headers['content-type'] = file.contentType;
    payload = file.payload;
  }
  const response = await t.inject({ method: 'POST', url, headers, payload });
  return response.statusCode === 201 ? (response.json() as Json) : undefined;
}

/**
 * One record per creating operation, as `token`; `extra` (e.g. a customerId) where a body takes it. `records` may
 * hold records made before (the caller's own customer, whose realm its users are made in).
 */
export async function seedRecords(
  t: TestApp,
  doc: Json,
  operations: Operation[],
  token: string,
  extra: Json = {},
  records: Records = new Map(),
): Promise<Records> {
  // A body naming another kind's record is created once that record exists: passes until one adds nothing.
  let pending = creatingOperations(operations);
  for (let added = true; added && pending.length > 0; ) {
    added = false;
    for (const op of pending) {
      const record = await createThrough(t, doc, op, token, records, { extra });
      if (record) {
        records.set(op.path, record);
        added = true;
      }
    }
    pending = pending.filter((op) => !records.has(op.path));
  }
  return records;
}
