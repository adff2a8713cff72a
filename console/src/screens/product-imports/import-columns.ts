import { schemaUnder } from '../../../../src/platform/resource/document/csv-cells';
import type { JsonSchemaNode } from '../../../../src/platform/resource/document/document-paths';

import { isObject, useOpenApiDocument } from '../../ui/openapi-document';

/** A column an import reads besides the product's fields: the parent named by its reference (docs/catalog.md). */
const READ_BESIDES_FIELDS = new Set(['variantOfPublisherRefId']);

/** The product's schema in the service's OpenAPI document (`components.schemas.Product`). */
function productSchemaOf(document: unknown): JsonSchemaNode {
  const components = isObject(document) ? document.components : undefined;
  const schemas = isObject(components) ? components.schemas : undefined;
  const product = isObject(schemas) ? schemas.Product : undefined;
  if (!isObject(product)) throw new Error('The service’s OpenAPI document has no product schema.');
  return product;
}

/**
 * The product's schema as the service publishes it (`GET /openapi.json`, public), read once per session: the import
 * types each CSV cell by it, so the same schema tells which columns it knows.
 */
export function useProductSchema(enabled: boolean) {
  return useOpenApiDocument(productSchemaOf, enabled);
}

/**
 * Whether the import reads the column at `path` (`prices.priceByCountryByCurrency.FR.EUR.value`): a field of the
 * product, walked as the service walks it (map keys as path segments). Any other column is dropped from every row.
 */
export function isKnownColumn(schema: JsonSchemaNode, path: readonly string[]): boolean {
  if (path.length === 1 && READ_BESIDES_FIELDS.has(path[0] ?? '')) return true;
  return path.every((segment) => segment !== '') && schemaUnder(schema, [...path]) !== undefined;
}
