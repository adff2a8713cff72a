import { Readable } from 'node:stream';
import { csvFormatRows } from 'd3-dsv';
import Type, { type TObject } from 'typebox';
import type { Principal } from '../../../platform/auth/principal.js';
import { type RecordStore, StringEnum, schemaNodeOf } from '../../../platform/resource/declare.js';
import { cellsReader, csvHeader, csvLayout } from '../../../platform/resource/documents.js';
import { listQuerySchema } from '../../../platform/resource/shapes.js';
import { productKind } from '../product.kind.js';
import { DESCRIPTION_FIELDS_OF_PRODUCT, type ProductSchema } from '../product.schema.js';
import { IMPORT_FORMATS } from './product-import.schema.js';

/** Products read from the database at a time while the answer streams. */
const EXPORT_BATCH = 1000;

/** Listing parameters that page, sort or project: an export is every match, whole, in id order. */
const NOT_FOR_EXPORT = ['page', 'size', 'sort', 'target', 'pageable', 'predicate'];

const listing = listQuerySchema(productKind) as TObject;
export const ExportQuerySchema = Type.Object(
  {
    ...Object.fromEntries(Object.entries(listing.properties).filter(([name]) => !NOT_FOR_EXPORT.includes(name))),
    format: Type.Optional(StringEnum(IMPORT_FORMATS, { default: 'ndjson', description: 'ndjson (default) or csv' })),
  },
  { additionalProperties: false },
);

/** The CSV columns of products: request-only texts aside (a stored product has none). */
const PRODUCT_LAYOUT = csvLayout(schemaNodeOf(productKind.schema), DESCRIPTION_FIELDS_OF_PRODUCT);

/** The export's header: the fixed columns and, for each map, the keys the matching products hold. */
async function headerOf(
  products: RecordStore<typeof ProductSchema>,
  principal: Principal,
  filters: Record<string, unknown>,
): Promise<string[]> {
  const found = await products.mapKeys(
    principal,
    filters,
    PRODUCT_LAYOUT.maps.map((map) => ({ path: map.path, levels: map.depth + (map.leafFields ? 1 : 0) })),
  );
  const keys = new Map(PRODUCT_LAYOUT.maps.map((map, n) => [map.path.join('.'), found[n]!]));
  return csvHeader(PRODUCT_LAYOUT, keys);
}

/**
 * Every matching product as text, one piece per batch (a piece per row costs more than the row in stream overhead),
 * each batch read only once the previous one was sent (the stream's back-pressure).
 */
async function* pieces(
  products: RecordStore<typeof ProductSchema>,
  principal: Principal,
  filters: Record<string, unknown>,
  write: (docs: Record<string, unknown>[]) => string,
): AsyncGenerator<string> {
  for await (const batch of products.batches(principal, filters, EXPORT_BATCH)) yield write(batch);
}

/** The export as a stream of NDJSON lines or CSV rows, in constant memory whatever the number of products. */
export async function exportStream(
  products: RecordStore<typeof ProductSchema>,
  principal: Principal,
  filters: Record<string, unknown>,
  format: string,
): Promise<Readable> {
  if (format !== 'csv') return Readable.from(products.jsonLines(principal, filters, EXPORT_BATCH));
  const header = await headerOf(products, principal, filters);
  const cellsOf = cellsReader(header);
  async function* csv(): AsyncGenerator<string> {
    yield `${csvFormatRows([header])}\n`;
    yield* pieces(products, principal, filters, (docs) => `${csvFormatRows(docs.map(cellsOf))}\n`);
  }
  return Readable.from(csv());
}
