import Type, { type TObject } from 'typebox';
import { MAX_PAGE_INDEX, MAX_PAGE_SIZE } from './listing-query.js';
import type { FilterSpec, ResourceDefinition } from './resource-definition.js';

/** The page shape of every listing. */
export function PageSchema(item: object, extra: Record<string, object> = {}) {
  return Type.Object({
    items: Type.Array(item as never),
    last: Type.Boolean(),
    number: Type.Integer({ description: 'zero-based page index' }),
    size: Type.Integer(),
    totalItems: Type.Integer(),
    totalPages: Type.Integer(),
    ...extra,
  });
}

export const RecapItemSchema = Type.Object({ targetValue: Type.String(), count: Type.Integer() }, { $id: 'RecapItem' });

/** A record as listed: the same fields, none required, since `target` may project them away. */
export function listedSchemaOf(definition: ResourceDefinition): TObject {
  const { $id, title, required: _required, ...rest } = definition.schema as TObject & { $id?: string; title?: string };
  return { ...rest, $id: `${$id}Listed`, title: `${title} (listed)`, description: 'with `target`, only the named fields and `id`' } as unknown as TObject;
}

/** An unwound record: the record with its array field replaced by one element, plus `empty`. */
export const UnwoundItemSchema = { type: 'object', additionalProperties: true, properties: { empty: { type: 'boolean' } }, required: ['empty'] };

function filterSchema(name: string, spec: FilterSpec): object {
  const description = spec.description ?? `equality on ${spec.path ?? name}`;
  switch (spec.kind) {
    case 'boolean':
      return Type.Boolean({ description });
    case 'integer':
      return Type.Integer({ description });
    case 'number':
      return Type.Number({ description });
    case 'string-array':
      return Type.Array(Type.String(), { description: `${description}; a comma list or a repeated parameter matches any of the values` });
    default:
      return Type.String({ description });
  }
}

/**
 * `page` and `size` of every listing, with the limits `parseListingQuery` applies. No `default` keywords: the
 * validator fills defaults in, which would hide the page and size of `pageable`.
 */
export const pagingParameters = (defaultSize: number) => ({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX, description: 'zero-based page index; default 0' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `page size; default ${defaultSize}` })),
});

const listingParameters = (defaultSize: number) => ({
  ...pagingParameters(defaultSize),
  sort: Type.Optional(Type.Array(Type.String(), { description: '`field,asc` or `field,desc`; repeatable' })),
  pageable: Type.Optional(Type.String({ description: 'JSON object {page, size, sort}; the flat parameters win' })),
  predicate: Type.Optional(Type.String({ description: 'JSON object of filters; the flat filters win' })),
});

export function listQuerySchema(definition: ResourceDefinition, targetRequired = false): TObject {
  const filters = Object.fromEntries(Object.entries(definition.filters).map(([name, spec]) => [name, Type.Optional(filterSchema(name, spec) as never)]));
  const target = Type.Array(Type.String(), { description: 'field names (dot paths) to return; repeatable' });
  return Type.Object(
    { ...listingParameters(definition.defaultPageSize), target: targetRequired ? target : Type.Optional(target), ...filters },
    { additionalProperties: false },
  );
}

/** Any id is accepted here: a malformed one is simply not found (404), never a 400 or a 500. */
export const IdParamsSchema = Type.Object({ id: Type.String({ description: 'opaque id' }) });

export const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(Type.String({ description: 'the ETag of the version the update is based on; 412 when stale' })),
});
