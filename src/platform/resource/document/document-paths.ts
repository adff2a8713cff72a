/** Dot paths (`addressBook.country`) over JSON documents and over their TypeBox/JSON schemas. */
import type { TSchema } from 'typebox';
import type { Doc } from '../../json-document.js';

export { deepEqual } from '../../json-document.js';

export function splitPath(path: string): string[] {
  return path.split('.');
}

export function getPath(doc: unknown, path: string[]): unknown {
  let value: unknown = doc;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = (value as Doc)[key];
  }
  return value;
}

/** Returns a copy of `doc` with the value at `path` replaced (or removed when `value` is undefined). */
export function withPath(doc: Doc, path: string[], value: unknown): Doc {
  const [head, ...rest] = path;
  if (head === undefined) return doc;
  const copy: Doc = { ...doc };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  copy[head] = withPath(child && typeof child === 'object' && !Array.isArray(child) ? (child as Doc) : {}, rest, value);
  return copy;
}

export interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  [key: string]: unknown;
}

/**
 * The JSON Schema node a TypeBox schema is at run time, for code that walks its keywords: TypeBox types a schema for
 * `Static<>`, not as an open node, so this is the one place that says the two are the same object.
 */
export function schemaNodeOf(schema: TSchema): JsonSchemaNode {
  return schema as JsonSchemaNode;
}

/** The schema of the field at `path`, or undefined when the record has no such field. */
export function schemaAt(schema: JsonSchemaNode, path: string[]): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = schema;
  for (const key of path) {
    // Own properties only: `constructor` or `__proto__` name no field.
    node = node?.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
    if (!node) return undefined;
  }
  return node;
}

export function isArraySchema(node: JsonSchemaNode | undefined): boolean {
  return node?.type === 'array';
}

export function isScalarSchema(node: JsonSchemaNode | undefined): boolean {
  return node?.type === 'string' || node?.type === 'number' || node?.type === 'integer' || node?.type === 'boolean';
}

/** Only the named fields (plus `id`). */
export function project(doc: Doc, targets: string[][]): Doc {
  let out: Doc = { id: doc.id };
  for (const path of targets) {
    const value = getPath(doc, path);
    if (value !== undefined) out = withPath(out, path, value);
  }
  return out;
}
