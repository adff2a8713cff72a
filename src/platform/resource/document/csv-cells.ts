import type { Doc } from '../declare/record.js';
import { type JsonSchemaNode, splitPath, withPath } from './document-paths.js';

/**
 * A record as one CSV row (docs/catalog.md, "CSV columns"): a column a field, named by its dot path
 * (`prices.priceByCountryByCurrency.FR.EUR.value`), map keys as path segments; a list of texts, numbers or booleans in
 * one cell, its items separated by `|`; a list of objects, or any object or list whose keys or items a path or `|`
 * cannot carry, as the JSON of the whole value. An empty cell is an absent field.
 */
export const LIST_SEPARATOR = '|';

/** What a column's schema says a cell is: a scalar, a list of scalars, or JSON. */
type CellShape =
  | { kind: 'scalar'; type: string }
  | { kind: 'list'; type: string }
  | { kind: 'json' }
  | { kind: 'unknown' };

/** The schema of a map's values (`StringMap`: `patternProperties`), or undefined when `node` is not a map. */
function mapValues(node: JsonSchemaNode): JsonSchemaNode | undefined {
  const patterns = node.patternProperties as Record<string, JsonSchemaNode> | undefined;
  const values = patterns ? Object.values(patterns)[0] : undefined;
  if (values) return values;
  return typeof node.additionalProperties === 'object' ? (node.additionalProperties as JsonSchemaNode) : undefined;
}

function scalarType(node: JsonSchemaNode | undefined): string | undefined {
  const type = node?.type;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' ? type : undefined;
}

/** The schema under `path`, walking map keys as well as properties. */
export function schemaUnder(schema: JsonSchemaNode, path: string[]): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = schema;
  for (const key of path) {
    if (!node) return undefined;
    if (node.properties && Object.hasOwn(node.properties, key)) node = node.properties[key];
    else node = mapValues(node);
  }
  return node;
}

function shapeOf(node: JsonSchemaNode | undefined): CellShape {
  if (!node) return { kind: 'unknown' };
  const scalar = scalarType(node);
  if (scalar) return { kind: 'scalar', type: scalar };
  if (node.type === 'array') {
    const item = scalarType(node.items);
    return item ? { kind: 'list', type: item } : { kind: 'json' };
  }
  return { kind: 'json' };
}

/** A cell's text as the column's type; throws a sentence naming the rule. */
function scalarOf(text: string, type: string): unknown {
  if (type === 'string') return text;
  if (type === 'boolean') {
    const lowered = text.trim().toLowerCase();
    if (lowered === 'true') return true;
    if (lowered === 'false') return false;
    throw new Error('must be true or false');
  }
  // A decimal comma (`19,99`, as `;`-separated files from many locales write it) reads as a point.
  const normalized = /^-?\d+,\d+$/.test(text.trim()) ? text.trim().replace(',', '.') : text.trim();
  const number = normalized === '' ? Number.NaN : Number(normalized);
  if (!Number.isFinite(number)) throw new Error(`must be a number, not ${JSON.stringify(text)}`);
  if (type === 'integer' && !Number.isInteger(number)) throw new Error('must be a whole number');
  return number;
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('must be JSON (an object or list in one cell)');
  }
}

function cellValue(text: string, shape: CellShape): unknown {
  switch (shape.kind) {
    case 'scalar':
      return scalarOf(text, shape.type);
    case 'list':
      return text.trimStart().startsWith('[')
        ? jsonOf(text)
        : text.split(LIST_SEPARATOR).map((item) => scalarOf(item, shape.type));
    case 'json':
      return jsonOf(text);
    case 'unknown':
      return text;
  }
}

/** A refused cell: the field as 400 answers name it, and why. */
export class CellError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
  }
}

/**
 * The record a CSV row describes, typed by `schema`; columns outside it are kept as text (the body check drops the
 * fields it does not know). Throws CellError for a cell its column's type refuses.
 */
export function recordOfCells(schema: JsonSchemaNode, header: readonly string[], cells: readonly string[]): Doc {
  let doc: Doc = {};
  header.forEach((column, at) => {
    const text = cells[at] ?? '';
    if (text === '' || column === '') return;
    const path = splitPath(column);
    try {
      doc = withPath(doc, path, cellValue(text, shapeOf(schemaUnder(schema, path))));
    } catch (error) {
      throw new CellError(`body.${column}`, (error as Error).message);
    }
  });
  return doc;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  // A JSON number or boolean writes as String does (a document holds no NaN nor Infinity), without JSON.stringify's call.
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** A value as its cell: texts as they are, lists joined by `|` when no item holds one, the rest as JSON. */
export function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    const plain = value.every(
      (item) =>
        (typeof item === 'string' &&
          item !== '' &&
          !item.includes(LIST_SEPARATOR) &&
          !item.trimStart().startsWith('[')) ||
        typeof item === 'number' ||
        typeof item === 'boolean',
    );
    return plain && value.length > 0 ? value.map(scalarText).join(LIST_SEPARATOR) : JSON.stringify(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return scalarText(value);
}

/** A level of the columns' paths: the column a key's value fills, and the columns under its fields. */
interface ColumnTree {
  column?: number;
  fields?: Map<string, ColumnTree>;
}

function columnTree(columns: readonly string[]): ColumnTree {
  const root: ColumnTree = {};
  columns.forEach((column, at) => {
    let node = root;
    for (const key of splitPath(column)) {
      node.fields ??= new Map();
      const next = node.fields.get(key) ?? {};
      node.fields.set(key, next);
      node = next;
    }
    node.column = at;
  });
  return root;
}

function fillCells(node: ColumnTree, value: Doc, cells: string[]): void {
  // The fields the record holds, not the columns: most columns of a wide header are empty in any one record.
  for (const key in value) {
    const child = node.fields!.get(key);
    if (!child) continue;
    const field = value[key];
    if (child.column !== undefined) cells[child.column] = cellOf(field);
    if (child.fields && field !== null && typeof field === 'object' && !Array.isArray(field))
      fillCells(child, field as Doc, cells);
  }
}

/**
 * Reads the cells of a record in `columns` order. The columns' paths are made a tree once, and a record is walked
 * along the fields it holds: reading each column's path from the top cost 3.5 µs a product of 56 columns.
 */
export function cellsReader(columns: readonly string[]): (doc: Doc) => string[] {
  const tree = columnTree(columns);
  return (doc) => {
    const cells = new Array<string>(columns.length).fill('');
    if (tree.fields) fillCells(tree, doc, cells);
    return cells;
  };
}

/** A map of the schema that becomes columns, one family per key tuple found in the records (`mapKeys`). */
export interface MapColumns {
  /** Path of the map (`prices.priceByCountryByCurrency`). */
  path: string[];
  /** Map levels below it before the value (2 for country → currency → entry). */
  depth: number;
  /** The value is an object of scalars: one more level, its fields, is collected too. */
  leafFields: boolean;
}

/**
 * The columns of a kind's records, in schema order: each scalar or list field a column, nested objects' scalar and
 * list fields as dot paths, maps whose keys are plain (no `.`) and whose values are scalars, lists or objects of
 * those as families (filled with the keys the records hold), every other object or list as one JSON column.
 * `exclude`: top-level fields no stored record holds (request-only fields).
 */
export function csvLayout(
  schema: JsonSchemaNode,
  exclude: readonly string[] = [],
): { fixed: string[]; maps: MapColumns[]; order: string[] } {
  const fixed: string[] = [];
  const maps: MapColumns[] = [];
  const order: string[] = [];
  const visit = (node: JsonSchemaNode, path: string[]) => {
    const shape = shapeOf(node);
    if (shape.kind === 'scalar' || shape.kind === 'list') return add(path, fixed);
    const values = mapValues(node);
    if (node.type === 'object' && !node.properties && values) {
      const family = mapFamily(values, path);
      if (family) {
        maps.push(family);
        return order.push(`map:${path.join('.')}`);
      }
      return add(path, fixed);
    }
    if (node.type === 'object' && node.properties) {
      for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name]);
      return;
    }
    add(path, fixed);
  };
  const add = (path: string[], into: string[]) => {
    into.push(path.join('.'));
    order.push(path.join('.'));
  };
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    if (!exclude.includes(name)) visit(child, [name]);
  return { fixed, maps, order };
}

/** A map whose values are maps (down to `depth`) ending in scalars, lists, or objects of those; else none. */
function mapFamily(values: JsonSchemaNode, path: string[]): MapColumns | undefined {
  let depth = 1;
  let node = values;
  for (let inner = mapValues(node); node.type === 'object' && !node.properties && inner; inner = mapValues(node)) {
    depth += 1;
    node = inner;
  }
  const shape = shapeOf(node);
  if (shape.kind === 'scalar' || shape.kind === 'list') return { path, depth, leafFields: false };
  const fields = Object.values(node.properties ?? {});
  if (node.type === 'object' && fields.length > 0 && fields.every((field) => shapeOf(field).kind !== 'json'))
    return { path, depth, leafFields: true };
  return undefined;
}

/**
 * The header of an export: the layout's columns, each map family expanded to the key tuples found (`keys`, by the
 * family's path), in the layout's order. A family with a key holding `.` (which a column path cannot carry) is
 * written as one JSON column instead.
 */
export function csvHeader(
  layout: ReturnType<typeof csvLayout>,
  keys: ReadonlyMap<string, readonly string[][]>,
): string[] {
  return layout.order.flatMap((entry) => {
    if (!entry.startsWith('map:')) return [entry];
    const path = entry.slice(4);
    const found = keys.get(path) ?? [];
    if (found.some((tuple) => tuple.some((key) => key.includes('.') || key === ''))) return [path];
    return found.map((tuple) => [path, ...tuple].join('.'));
  });
}
