import {
  DEPTH,
  deepArray,
  deepObject,
  encode,
  HOSTILE_IDS,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  HUGE_BODY_BYTES,
  LONG,
} from './hostile-values.js';
import { fillPath, type Json, type Operation, pathParameters, resolve } from './openapi-operations.js';

/**
 * Hostile requests for any operation of the OpenAPI document, derived from its declaration alone: its parameters,
 * its body's schema and a valid baseline (ids of real records, the body's example). Each input changes one thing of
 * the baseline, so every layer (router, parser, validator, handler, database) meets it.
 */
export interface HostileInput {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The one status this input must get, where the answer is a promise of its own (413 past a public body's limit). */
  status?: number;
}

export interface Baseline {
  /** Path parameter values (raw, encoded when used). */
  pathValues: Record<string, string>;
  /** Body as JSON value, for JSON operations. */
  body: unknown;
}

/** Query parameters of every listing that are not record fields. */
const LISTING_PARAMETERS = ['page', 'size', 'sort', 'target', 'pageable', 'predicate'];

const q = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

function withQuery(url: string, query: string): string {
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** A generator bound to one operation and its baseline. */
class InputsOf {
  readonly inputs: HostileInput[] = [];
  readonly url: string;

  constructor(
    private readonly doc: Json,
    private readonly op: Operation,
    private readonly baseline: Baseline,
  ) {
    this.url = fillPath(
      op.path,
      Object.fromEntries(Object.entries(baseline.pathValues).map(([k, v]) => [k, encode(v)])),
    );
  }

  add(name: string, changes: Partial<HostileInput> = {}) {
    this.inputs.push({
      name,
      method: this.op.method,
      url: this.url,
      headers: this.baselineHeaders(),
      ...this.baselinePayload(),
      ...changes,
    });
  }

  private get takesJson() {
    return Boolean(this.op.body?.mediaTypes.some((t) => t.includes('json') || t === '*/*'));
  }

  private baselineHeaders(): Record<string, string> {
    return this.takesJson ? { 'content-type': 'application/json' } : {};
  }

  private baselinePayload(): { payload?: string } {
    return this.takesJson ? { payload: JSON.stringify(this.baseline.body ?? {}) } : {};
  }

  /** A JSON body, with the baseline's content type. */
  json(name: string, text: string) {
    this.add(name, { headers: { 'content-type': 'application/json' }, payload: text });
  }

  private get queryNames(): string[] {
    return this.op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  }

  queryInputs() {
    if (this.queryNames.length === 0) return this.undeclaredQueryInputs();
    const names = this.queryNames;
    this.add('repeated parameters', {
      url: withQuery(
        this.url,
        q(
          names.flatMap(
            (n) =>
              [
                [n, '1'],
                [n, '2'],
              ] as [string, string][],
          ),
        ),
      ),
    });
    this.add('prototype-shaped parameter names', {
      url: withQuery(this.url, '__proto__[isOperator]=true&constructor[prototype][scope]=operator&__proto__.x=1'),
    });
    for (const [name, value] of Object.entries(HOSTILE_STRINGS)) {
      this.add(`every query parameter ${name}`, { url: withQuery(this.url, q(names.map((n) => [n, value]))) });
    }
    this.add('every query parameter an invalid UTF-8 sequence', {
      url: withQuery(this.url, names.map((n) => `${n}=%ED%A0%80%FF`).join('&')),
    });
    for (const [name, value] of Object.entries(HOSTILE_NUMBERS)) {
      this.add(`every query parameter ${name}`, { url: withQuery(this.url, q(names.map((n) => [n, String(value)]))) });
    }
    const paging: [string, string][][] = [
      [['page', '-1']],
      [['size', '100000']],
      [['page', '1e20']],
      [
        ['page', '9223372036854775808'],
        ['size', '0'],
      ],
      [['size', 'abc']],
    ];
    for (const pairs of paging) this.add(`paging ${q(pairs)}`, { url: withQuery(this.url, q(pairs)) });
    this.add('5000 sort keys', {
      url: withQuery(
        this.url,
        q(Array.from({ length: 5000 }, (_, i) => ['sort', `field${i},${i % 2 ? 'asc' : 'desc'}`])),
      ),
    });
    // Filters are named after record fields (ROUTES.md): sorting on one gets past the field check to the database.
    const field = names.find((name) => !LISTING_PARAMETERS.includes(name)) ?? 'id';
    this.add(`${field} sorted on 5000 times`, {
      url: withQuery(
        this.url,
        q(Array.from({ length: 5000 }, (_, i) => ['sort', `${field},${i % 2 ? 'asc' : 'desc'}`])),
      ),
    });
    this.add(`${field} sorted on 5000 times in pageable`, {
      url: withQuery(
        this.url,
        q([['pageable', JSON.stringify({ sort: Array.from({ length: 5000 }, () => `${field},asc`) })]]),
      ),
    });
    this.add('2000 target fields', {
      url: withQuery(this.url, q(Array.from({ length: 2000 }, (_, i) => ['target', `a${i}.b.c`]))),
    });
    this.add('pageable nested 10,000 deep', { url: withQuery(this.url, q([['pageable', deepArray(DEPTH)]])) });
    this.add('predicate with prototype keys', {
      url: withQuery(
        this.url,
        q([
          ['predicate', '{"__proto__":{"isOperator":true},"constructor":{"prototype":{"x":1}},"status":{"$ne":null}}'],
        ]),
      ),
    });
  }

  /** An operation without query parameters must ignore (or refuse) any: a few requests carry every kind at once. */
  private undeclaredQueryInputs() {
    this.add('repeated unknown parameters', { url: withQuery(this.url, 'a=1&a=2&a=3') });
    this.add('prototype-shaped parameter names', {
      url: withQuery(this.url, '__proto__[isOperator]=true&constructor[prototype][scope]=operator&__proto__.x=1'),
    });
    this.add('hostile strings in unknown parameters', {
      url: withQuery(this.url, q(Object.entries(HOSTILE_STRINGS).map(([, value], i) => [`p${i}`, value]))),
    });
    this.add('an invalid UTF-8 sequence', { url: withQuery(this.url, 'a=%ED%A0%80%FF&%FF=1') });
    this.add('5000 unknown parameters', {
      url: withQuery(this.url, q(Array.from({ length: 5000 }, (_, i) => ['sort', `f${i},asc`]))),
    });
    this.add('paging of every kind', { url: withQuery(this.url, 'page=-1&size=100000&page=1e20&pageable=%5B%5B%5B') });
  }

  headerInputs() {
    const headers = (extra: Record<string, string>) => ({ headers: { ...this.baselineHeaders(), ...extra } });
    this.add('If-Match not an ETag', headers({ 'if-match': 'garbage, "1", W/' }));
    this.add('If-None-Match any', headers({ 'if-none-match': '*' }));
    this.add(
      'If-None-Match of 1000 ETags',
      headers({ 'if-none-match': Array.from({ length: 1000 }, (_, i) => `"${i}"`).join(', ') }),
    );
    this.add('If-Modified-Since not a date', headers({ 'if-modified-since': 'yesterday' }));
    this.add('Idempotency-Key of 300 characters', headers({ 'idempotency-key': 'k'.repeat(300) }));
    this.add('X-Request-Id of 10,000 characters', headers({ 'x-request-id': 'r'.repeat(10_000) }));
    this.add(
      'X-Real-Ip not an address',
      headers({ 'x-real-ip': "' OR 1=1 --", 'x-forwarded-for': '999.999.999.999, ::zz' }),
    );
    this.add('Accept of nothing served', headers({ accept: 'application/xml;q=abc, */*;q=-1' }));
    this.add('Range of nonsense', headers({ range: 'bytes=-1-2,999999999999999999999-' }));
    this.add('Cookie with prototype keys', headers({ cookie: '__proto__=x; constructor=y' }));
    this.add('Authorization of another scheme', headers({ authorization: 'Basic !!!not-base64' }));
    this.add(
      'a bearer token of alg none',
      headers({ authorization: 'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzY29wZSI6Im9wZXJhdG9yIn0.' }),
    );
    this.add('a bearer token of 10,000 characters', headers({ authorization: `Bearer ${'t'.repeat(10_000)}` }));
    this.add('Content-Type without a body', { ...headers({ 'content-type': 'application/json' }), payload: undefined });
  }

  pathInputs() {
    for (const parameter of pathParameters(this.op)) {
      for (const [name, raw] of Object.entries(HOSTILE_IDS)) {
        const values = {
          ...Object.fromEntries(Object.entries(this.baseline.pathValues).map(([k, v]) => [k, encode(v)])),
          [parameter]: raw,
        };
        this.add(`path {${parameter}} ${name}`, { url: fillPath(this.op.path, values) });
      }
    }
  }

  /**
   * A public operation that reads a body before anyone is authenticated (no bearer token): past 64 KB it is refused
   * (413) before parsing (DECISIONS §14); an `Origin` that is no URL is a 4xx like any other (the sign-in form
   * compares it with its own host), sent with the operation's own body so it gets that far.
   */
  publicBodyInputs() {
    const body = this.op.body;
    if (this.op.authenticated || !body) return;
    const form = !this.takesJson && body.mediaTypes.includes('application/x-www-form-urlencoded');
    const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
    const fields = Object.entries((this.baseline.body ?? {}) as Record<string, unknown>).map(
      ([name, value]) => [name, String(value)] as [string, string],
    );
    const valid = form ? q(fields) : JSON.stringify(this.baseline.body ?? {});
    this.add('a body of 64 KB + 1 before authentication', {
      headers: { 'content-type': type },
      payload: form ? `a=${'x'.repeat(64 * 1024 - 1)}` : deepArray(32 * 1024 + 1),
      status: 413,
    });
    for (const origin of ['garbage', 'http://[', 'http://a b'])
      this.add(`Origin ${origin}`, { headers: { 'content-type': type, origin }, payload: valid });
  }

  /** Body methods parse whatever comes, declared body or not. */
  bodyInputs() {
    const body = this.op.body;
    if (!body && !['POST', 'PUT', 'PATCH', 'DELETE'].includes(this.op.method)) return;
    const text = JSON.stringify(this.baseline.body ?? {});
    this.add('content type text/plain', { headers: { 'content-type': 'text/plain' }, payload: text });
    this.add('content type application/xml', { headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' });
    this.add('malformed content type', { headers: { 'content-type': ';;;/json' }, payload: text });
    this.add('JSON with a UTF-16 charset', {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: text,
    });
    this.add('multipart without a boundary', { headers: { 'content-type': 'multipart/form-data' }, payload: text });
    this.add('form body', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&__proto__[x]=1',
    });
    this.json('empty JSON body', '');
    this.json('truncated JSON', '{"a":');
    for (const value of ['null', '[]', '"text"', '1e308', 'true']) this.json(`JSON ${value} as the body`, value);
    this.json('arrays nested 10,000 deep', deepArray(DEPTH));
    this.json('objects nested 10,000 deep', deepObject(DEPTH));
    this.json('body over the size limit', JSON.stringify({ x: 'y'.repeat(HUGE_BODY_BYTES) }));
    const rest = text.startsWith('{') && text !== '{}' ? `,${text.slice(1)}` : '}';
    this.json('__proto__ key', `{"__proto__":{"isOperator":true,"scopes":["operator"]}${rest}`);
    this.json('constructor.prototype key', `{"constructor":{"prototype":{"isOperator":true}}${rest}`);
    if (body && this.takesJson && isObject(this.baseline.body))
      this.fieldInputs(resolve(this.doc, body.schema), this.baseline.body as Json);
    if (body?.mediaTypes.includes('multipart/form-data')) this.multipartInputs(resolve(this.doc, body.schema));
  }

  /** One field of the baseline body changed at a time: wrong type, null, missing, hostile text and numbers, deep nesting. */
  private fieldInputs(schema: Json, base: Json) {
    const properties: Record<string, Json> = Object.fromEntries(
      Object.entries<Json>(schema.properties ?? {}).map(([name, field]) => [name, resolve(this.doc, field)]),
    );
    const names = byInterest(properties, schema.required ?? []);
    const withField = (name: string, value: unknown) => JSON.stringify({ ...base, [name]: value });
    for (const name of schema.required ?? []) {
      const { [name]: _dropped, ...without } = base;
      this.json(`body.${name} missing`, JSON.stringify(without));
    }
    for (const name of names.slice(0, 12))
      this.json(`body.${name} of the wrong type`, withField(name, wrongTypeFor(properties[name]!)));
    for (const name of names.slice(0, 3)) this.json(`body.${name} null`, withField(name, null));
    const strings = names.filter((n) => typeOf(properties[n]!) === 'string').slice(0, 3);
    for (const name of strings)
      for (const [what, value] of Object.entries(HOSTILE_STRINGS))
        this.json(`body.${name} ${what}`, withField(name, value));
    const numbers = names.filter((n) => ['integer', 'number'].includes(typeOf(properties[n]!) ?? '')).slice(0, 2);
    for (const name of numbers)
      for (const [what, value] of Object.entries(HOSTILE_NUMBERS))
        this.json(`body.${name} ${what}`, withField(name, value));
    const containers = names.filter((n) => ['object', 'array'].includes(typeOf(properties[n]!) ?? '')).slice(0, 3);
    for (const name of containers) {
      const deep = typeOf(properties[name]!) === 'array' ? deepArray(DEPTH) : deepObject(DEPTH);
      this.json(`body.${name} nested 10,000 deep`, withField(name, '__DEEP__').replace('"__DEEP__"', deep));
      this.json(`body.${name} with 10,000 entries`, withField(name, manyEntries(properties[name]!)));
      this.json(
        `body.${name} with __proto__ inside`,
        withField(name, '__P__').replace(
          '"__P__"',
          '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
        ),
      );
      this.nestedInputs(name, properties[name]!, base);
    }
    this.json('unknown fields', JSON.stringify({ ...base, unknownField: LONG, 'a.b': 1, $where: '1' }));
  }

  /** One level down: each field of an object field of the wrong type, its first text field hostile. */
  private nestedInputs(name: string, schema: Json, base: Json) {
    const properties: Record<string, Json> = Object.fromEntries(
      Object.entries<Json>(schema.properties ?? {}).map(([child, field]) => [child, resolve(this.doc, field)]),
    );
    const inner = isObject(base[name]) ? (base[name] as Json) : {};
    const children = byInterest(properties, schema.required ?? []);
    for (const child of children.slice(0, 4))
      this.json(
        `body.${name}.${child} of the wrong type`,
        JSON.stringify({ ...base, [name]: { ...inner, [child]: wrongTypeFor(properties[child]!) } }),
      );
    const text = children.find((child) => typeOf(properties[child]!) === 'string');
    if (text)
      for (const value of [HOSTILE_STRINGS['NUL character'], HOSTILE_STRINGS['over-long (100k)']])
        this.json(
          `body.${name}.${text} hostile text`,
          JSON.stringify({ ...base, [name]: { ...inner, [text]: value } }),
        );
  }

  private multipartInputs(schema: Json) {
    const fields = Object.keys(schema.properties ?? {});
    const boundary = 'hostileBoundary';
    const type = `multipart/form-data; boundary=${boundary}`;
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
    const end = `--${boundary}--\r\n`;
    const send = (name: string, payload: string) => this.add(name, { headers: { 'content-type': type }, payload });
    send('empty multipart', end);
    send(
      'multipart with the wrong boundary',
      `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--\r\n`,
    );
    send(
      'multipart cut short',
      `--${boundary}\r\nContent-Disposition: form-data; name="${fields[0] ?? 'a'}"\r\n\r\nunfinished`,
    );
    send('multipart with an unknown part', part('unknown', 'x') + end);
    for (const field of fields) {
      for (const [what, value] of Object.entries(HOSTILE_STRINGS))
        send(`multipart ${field} ${what}`, part(field, value) + end);
      send(`multipart ${field} as a file named over-long`, part(field, 'content', 'n'.repeat(10_000)) + end);
      send(
        `multipart ${field} as a file named with NUL and traversal`,
        part(field, 'content', '../../x\u0000.txt') + end,
      );
      send(
        `multipart ${field} repeated 1,001 times`,
        Array.from({ length: 1001 }, (_, i) => part(field, `v${i}`)).join('') + end,
      );
    }
    send('multipart url to the metadata address', part('url', 'http://169.254.169.254/latest/meta-data/') + end);
    send('multipart url with a file scheme', part('url', 'file:///etc/passwd') + end);
  }
}

/**
 * Field names, the ones a hostile value is most likely to reach storage through first: required and writable ones,
 * free text before formatted or enumerated text, read-only ones (ignored in bodies) last.
 */
function byInterest(properties: Record<string, Json>, required: string[]): string[] {
  const rank = (name: string) => {
    const field = properties[name]!;
    if (field.readOnly) return 3;
    const constrained = Boolean(field.format || field.enum || field.pattern || field.const !== undefined);
    return (required.includes(name) ? 0 : 1) + (constrained ? 0.5 : 0);
  };
  return Object.keys(properties).sort((a, b) => rank(a) - rank(b));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: Json): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t: string) => t !== 'null');
  return (
    schema.type ?? (schema.properties || schema.additionalProperties ? 'object' : schema.enum ? 'string' : undefined)
  );
}

function wrongTypeFor(schema: Json): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'true';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: [1, 'two', null] };
  }
}

function manyEntries(schema: Json): unknown {
  if (typeOf(schema) === 'array') return Array.from({ length: 10_000 }, (_, i) => `item-${i}`);
  return Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, `value-${i}`]));
}

/** Every hostile input for one operation (at least the query, header and path ones; body ones where it takes a body). */
export function hostileInputs(doc: Json, op: Operation, baseline: Baseline): HostileInput[] {
  const inputs = new InputsOf(doc, op, baseline);
  inputs.queryInputs();
  inputs.headerInputs();
  inputs.pathInputs();
  inputs.bodyInputs();
  inputs.publicBodyInputs();
  return inputs.inputs;
}
