import Type, { type TObject, type TSchema } from 'typebox';
import { LOOKUP_ID_MAX_LENGTH } from '../../schema-types.js';
import type { FilterSpec } from '../declare/kind.js';
import type { ListingSource } from '../declare/listing.js';
import { schemaAt, schemaNodeOf, splitPath } from '../document/document-paths.js';
import { MAX_QUERY_LENGTH } from '../document/search-words.js';
import {
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  MAX_PAGE_INDEX,
  MAX_PAGE_SIZE,
  MAX_SORT_KEYS,
  MAX_TARGETS,
} from '../sql/listing-query.js';

export const RecapItemSchema = Type.Object({ targetValue: Type.String(), count: Type.Integer() }, { $id: 'RecapItem' });

/** A record as listed: the same fields, none required, since `target` may project them away. */
export function listedSchemaOf(definition: Pick<ListingSource, 'schema'>): TObject {
  const { $id, title, required: _required, ...rest } = definition.schema as TObject & { $id?: string; title?: string };
  return {
    ...rest,
    $id: `${$id}Listed`,
    title: `${title} (listed)`,
    description: 'with `target`, only the named fields and `id`',
    // Cast: a JSON Schema built from a kind's: TypeBox has no static type for a schema rewritten at run time.
  } as unknown as TObject;
}

/** An unwound record: the record with its array field replaced by one element, plus `empty`. */
export const UnwoundItemSchema = {
  type: 'object',
  additionalProperties: true,
  properties: { empty: { type: 'boolean' } },
  required: ['empty'],
};

/** A filter value is at most as long as the field it matches (an array field: its items). */
function filterMaxLength(definition: Pick<ListingSource, 'schema'>, name: string, spec: FilterSpec): number {
  const node = schemaAt(schemaNodeOf(definition.schema), splitPath(spec.path ?? name));
  const limit = (node?.type === 'array' ? node.items : node)?.maxLength;
  return typeof limit === 'number' ? Math.min(limit, MAX_FILTER_VALUE_LENGTH) : MAX_FILTER_VALUE_LENGTH;
}

function filterSchema(definition: Pick<ListingSource, 'schema'>, name: string, spec: FilterSpec): TSchema {
  const description = spec.description ?? `equality on ${spec.path ?? name}`;
  const maxLength = filterMaxLength(definition, name, spec);
  switch (spec.kind) {
    case 'boolean':
      return Type.Boolean({ description });
    case 'integer':
      return Type.Integer({ description });
    case 'number':
      return Type.Number({ description });
    case 'string-array':
      return Type.Array(Type.String({ maxLength: MAX_LIST_PARAMETER_LENGTH }), {
        maxItems: MAX_FILTER_VALUES,
        description: `${description}; a comma list or a repeated parameter matches any of the values (at most ${MAX_FILTER_VALUES}, each at most ${maxLength} characters)`,
      });
    default:
      return Type.String({ maxLength, description });
  }
}

/**
 * `page` and `size` of every listing, with the limits `parseListingQuery` applies. No `default` keywords: the
 * validator fills defaults in, which would hide the page and size of `pageable`.
 */
export const pagingParameters = (defaultSize: number) => ({
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_PAGE_INDEX, description: 'zero-based page index; default 0' }),
  ),
  size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `page size; default ${defaultSize}` }),
  ),
});

/** Longest value of a parameter holding JSON (`pageable`, `predicate`) or a comma list (`sort`, `target`, array filters). */
const MAX_LIST_PARAMETER_LENGTH = 8192;

const listingParameters = (defaultSize: number) => ({
  ...pagingParameters(defaultSize),
  sort: Type.Optional(
    Type.Array(Type.String({ maxLength: MAX_LIST_PARAMETER_LENGTH }), {
      maxItems: MAX_SORT_KEYS,
      description: `\`field,asc\` or \`field,desc\`; repeatable, at most ${MAX_SORT_KEYS} keys`,
    }),
  ),
  pageable: Type.Optional(
    Type.String({
      maxLength: MAX_LIST_PARAMETER_LENGTH,
      description: 'JSON object {page, size, sort}; the flat parameters win',
    }),
  ),
  predicate: Type.Optional(
    Type.String({ maxLength: MAX_LIST_PARAMETER_LENGTH, description: 'JSON object of filters; the flat filters win' }),
  ),
});

export function listQuerySchema(
  definition: Pick<ListingSource, 'schema' | 'filters' | 'defaultPageSize' | 'words'>,
  targetRequired = false,
): TObject {
  const words = definition.words;
  const filters = Object.fromEntries(
    Object.entries(definition.filters).map(([name, spec]) => [
      name,
      Type.Optional(filterSchema(definition, name, spec)),
    ]),
  );
  const target = Type.Array(Type.String({ maxLength: MAX_LIST_PARAMETER_LENGTH }), {
    maxItems: MAX_TARGETS,
    description: `field names (dot paths) to return; repeatable, at most ${MAX_TARGETS}`,
  });
  return Type.Object(
    {
      ...listingParameters(definition.defaultPageSize),
      target: targetRequired ? target : Type.Optional(target),
      ...(words
        ? {
            [words.param]: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH, description: words.description })),
          }
        : {}),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** Any id is accepted here: a malformed one is simply not found (404), never a 400 or a 500; the router finds no route past 1024 characters. */
export const IdParamsSchema = Type.Object({
  id: Type.String({ maxLength: LOOKUP_ID_MAX_LENGTH, description: 'opaque id' }),
});

export const IfMatchHeadersSchema = Type.Object({
  'if-match': Type.Optional(
    Type.String({ description: 'the ETag of the version the update is based on; 412 when stale' }),
  ),
});
