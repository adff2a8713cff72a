import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_TIME_PATTERN } from '../../../src/platform/schema-types.js';
import { useApp } from '../../support/fixture.js';

/**
 * docs/decisions.md#input-bounds: every string, list and map a client sends is bounded in the schema the
 * OpenAPI document publishes. This walks every operation's body and its query and path parameters, so a field
 * added later without a bound fails here, whatever API it belongs to.
 */
type Node = Record<string, any>;

/** Places where a bound is deliberately absent, with the reason. */
const UNBOUNDED: Record<string, string> = {
  // The wildcard route exists so that any file name resolves; the name is never stored or looked up.
  'GET /assets/{id}/{filename} path filename': 'any name serves the content',
  // idp_login answers unsupported_grant_type: the object is never read or stored (it has maxProperties).
  'TokenRequest.provider': 'never read',
};

let doc: Node;
const { t } = await useApp();
beforeAll(async () => {
  doc = (await t.request('GET', '/openapi.json', undefined)).body as Node;
});

function resolve(node: Node): { node: Node; name?: string } {
  const ref = node.$ref as string | undefined;
  if (!ref) return { node };
  const name = ref.replace(/^#\/components\/schemas\//, '');
  return { node: doc.components.schemas[name], name };
}

/** Every unbounded string, list or map under `node`, as `where` paths. */
function unbounded(start: Node, where: string, seen = new Set<string>()): string[] {
  const { node, name } = resolve(start);
  if (name) {
    if (seen.has(name)) return [];
    seen.add(name);
    where = name;
  }
  if (UNBOUNDED[where]) return [];
  const found: string[] = [];
  const types = [node.type].flat();
  if (types.includes('string')) {
    const bounded =
      node.maxLength !== undefined ||
      node.enum !== undefined ||
      node.const !== undefined ||
      node.pattern === DATE_TIME_PATTERN;
    if (!bounded) found.push(`${where} (string without maxLength)`);
  }
  if (types.includes('array')) {
    if (node.maxItems === undefined) found.push(`${where} (array without maxItems)`);
    if (node.items) found.push(...unbounded(node.items, `${where}[]`, seen));
  }
  for (const [key, child] of Object.entries<Node>(node.properties ?? {}))
    found.push(...unbounded(child, `${where}.${key}`, seen));
  const values = [
    ...Object.values<Node>(node.patternProperties ?? {}),
    ...(typeof node.additionalProperties === 'object' ? [node.additionalProperties] : []),
  ];
  if (values.length > 0 || node.additionalProperties === true) {
    if (node.maxProperties === undefined) found.push(`${where} (map without maxProperties)`);
    if (node.propertyNames?.maxLength === undefined && values.length > 0)
      found.push(`${where} (map keys without maxLength)`);
    if (node.additionalProperties === true) found.push(`${where} (map values without a schema)`);
  }
  for (const child of values) found.push(...unbounded(child, `${where}{}`, seen));
  for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    found.push(...unbounded(child, where, seen));
  return found;
}

/** Every part of every request a client controls: bodies, query and path parameters. */
function requestParts(): { where: string; schema: Node }[] {
  const parts: { where: string; schema: Node }[] = [];
  for (const [path, item] of Object.entries<Node>(doc.paths)) {
    for (const [method, operation] of Object.entries<Node>(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' || parameter.in === 'path')
          parts.push({ where: `${name} ${parameter.in} ${parameter.name}`, schema: parameter.schema });
      }
      for (const [type, content] of Object.entries<Node>(operation.requestBody?.content ?? {})) {
        if (content.schema) parts.push({ where: `${name} body (${type})`, schema: content.schema });
      }
    }
  }
  return parts;
}

describe('the OpenAPI document', () => {
  it('is walked by a check that notices what is unbounded', () => {
    const map = { type: 'object', patternProperties: { '^.*$': { type: 'string', maxLength: 5 } } };
    expect(
      unbounded(
        {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' } }, c: map },
        },
        'X',
      ),
    ).toEqual([
      'X.a (string without maxLength)',
      'X.b (array without maxItems)',
      'X.c (map without maxProperties)',
      'X.c (map keys without maxLength)',
    ]);
  });

  it('bounds every string, list and map of every request body and parameter', () => {
    const parts = requestParts();
    expect(parts.length).toBeGreaterThan(50);
    const seen = new Set<string>();
    const found = parts.flatMap(({ where, schema }) => unbounded(schema, where, seen));
    expect(found).toEqual([]);
  });

  it('publishes the limits themselves: the date-time pattern, text lengths, list and map sizes', () => {
    const terms = doc.components.schemas.TermsItem.properties;
    expect(terms.startDate).toMatchObject({ type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN });
    expect(terms.template.maxLength).toBe(500_000);
    expect(terms.customerId.maxLength).toBe(128);
    const customer = doc.components.schemas.Customer.properties;
    expect(customer.name.maxLength).toBe(150);
    expect(customer.authorizedCustomers).toMatchObject({ maxItems: 1000, items: { maxLength: 128 } });
    expect(customer.fulfillments).toMatchObject({ maxProperties: 500, propertyNames: { maxLength: 128 } });
    const sort = doc.paths['/terms'].get.parameters.find((p: Node) => p.name === 'sort');
    expect(sort.schema).toMatchObject({ type: 'array', maxItems: 10 });
  });
});
