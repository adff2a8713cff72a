import type { Json } from '../support/json.js';

/** The operations of an OpenAPI document, read generically: what the safety tests need to call each one. */

export type { Json } from '../support/json.js';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}

export interface RequestBody {
  /** Declared media types (`application/json`, `multipart/form-data`, `*\/*`). */
  mediaTypes: string[];
  /** Schema of the first JSON media type, else of the first one, `$ref`s resolved at the top. */
  schema: Json;
  /** A valid body: the document's example, or one made from the schema. */
  example: unknown;
}

export interface Operation {
  id: string;
  method: string;
  /** OpenAPI path template: `/terms/{id}`. */
  path: string;
  parameters: Parameter[];
  body: RequestBody | undefined;
  /** The scope its `security` entry names; `undefined` with `authenticated` means any token. */
  scope: string | undefined;
  authenticated: boolean;
  /** Authenticated by client credentials (HTTP Basic or in the body), not by a bearer token: the OAuth endpoints. */
  clientAuthenticated: boolean;
  responses: Json;
  /** `DetailedError` when its error answers are in the detailed shape. */
  errorShape: 'SimpleError' | 'DetailedError';
}

const COMPONENT = '#/components/schemas/';

/** A schema with its top-level `$ref` (chain) resolved against the document's components. */
export function resolve(doc: Json, schema: Json | undefined): Json {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
    const { $ref, ...rest } = current;
    current = { ...doc.components.schemas[$ref.slice(COMPONENT.length)], ...rest };
  }
  return current;
}

const firstType = (schema: Json) =>
  Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;

function sampleString(schema: Json): string {
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'someone@example.com';
  // Loopback: should an operation fetch it, the outbound rules refuse it without any traffic.
  if (schema.format === 'uri' || schema.format === 'url') return 'http://127.0.0.1:9/sample';
  return 's'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** A value the schema accepts: its example if it has one, else the smallest value of its type (required fields only). */
export function sampleOf(doc: Json, given: Json | undefined, depth = 0): unknown {
  const schema = resolve(doc, given);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return sampleOf(doc, alternatives[0], depth + 1);
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const required: string[] = depth > 8 ? [] : (schema.required ?? []);
      return Object.fromEntries(required.map((name) => [name, sampleOf(doc, schema.properties?.[name], depth + 1)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(doc, schema.items, depth + 1));
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

function requestBodyOf(doc: Json, operation: Json): RequestBody | undefined {
  const content: Json | undefined = operation.requestBody?.content;
  if (!content) return undefined;
  const mediaTypes = Object.keys(content);
  const chosen = content['application/json'] ?? content[mediaTypes[0]!];
  const schema = resolve(doc, chosen.schema);
  const example =
    chosen.example ??
    (chosen.examples ? Object.values<Json>(chosen.examples)[0]?.value : undefined) ??
    sampleOf(doc, schema);
  return { mediaTypes, schema, example };
}

function errorShapeOf(responses: Json): Operation['errorShape'] {
  const text = JSON.stringify(Object.entries(responses).filter(([status]) => status.startsWith('4')));
  return text.includes('DetailedError') ? 'DetailedError' : 'SimpleError';
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the document. */
export function operationsOf(doc: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const operation = item[method];
      const security: Json[] = operation.security ?? doc.security ?? [];
      const bearer = security.find((entry) => entry.bearerAuth)?.bearerAuth as string[] | undefined;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: resolve(doc, p.schema),
        })),
        body: requestBodyOf(doc, operation),
        scope: bearer?.[0],
        authenticated: bearer !== undefined,
        clientAuthenticated: security.some((entry) => entry.basicAuth !== undefined),
        responses: operation.responses,
        errorShape: errorShapeOf(operation.responses),
      });
    }
  }
  return operations;
}

/** The path template filled in: each `{name}` replaced by `values[name]` (already encoded as wanted). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => values[name] ?? 'x');
}

export const pathParameters = (operation: Operation) =>
  operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
