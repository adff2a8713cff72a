import Type, { type TObject, type TProperties, type TSchema } from 'typebox';

/*
 * Length limits of text fields. Every string a client sends has one, declared in its schema (so the OpenAPI document
 * shows it) and checked before anything reaches storage: a btree index entry holds at most ~2,700 bytes, and
 * PostgreSQL refuses longer ones with an error, not a 400. See docs/decisions.md#input-bounds.
 */
/** Record ids and references to them (server ids are 36-character UUIDs, asset ids 64 hex digits). */
export const ID_MAX_LENGTH = 128;
/** An id as looked up (a path segment, a delete list): longer is simply not found, as the router's own cap (1024). */
export const LOOKUP_ID_MAX_LENGTH = 1024;
/** Plain text: names, labels, codes, short descriptions. */
export const TEXT_MAX_LENGTH = 1000;
/** URLs (the length browsers and CDNs reliably carry). */
export const URL_MAX_LENGTH = 2048;
/** E-mail addresses (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Long text: templates and documents (an HTML terms template fits; the request body limit usually stops first). */
export const LONG_TEXT_MAX_LENGTH = 500_000;
/** Map keys (locales, ids, names). */
export const MAP_KEY_MAX_LENGTH = ID_MAX_LENGTH;
/** Entries of a map, items of a list, unless the field says otherwise. */
export const MAP_MAX_ENTRIES = 500;
export const LIST_MAX_ITEMS = 500;

/** A record id or a reference to one. */
export function Id(options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: ID_MAX_LENGTH, ...options });
}

/** An id to look up (path parameter): bounded like the router's path segments; a longer one is not found. */
export function LookupId(options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: LOOKUP_ID_MAX_LENGTH, ...options });
}

/** Plain text, at most `TEXT_MAX_LENGTH` characters unless `maxLength` is given. */
export function Text(options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: TEXT_MAX_LENGTH, ...options });
}

/** A URL as text (not checked as one: stored values keep their shape), at most `URL_MAX_LENGTH` characters. */
export function UrlText(options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: URL_MAX_LENGTH, ...options });
}

/** Long text (templates), at most `LONG_TEXT_MAX_LENGTH` characters. */
export function LongText(options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: LONG_TEXT_MAX_LENGTH, ...options });
}

/** A list of at most `LIST_MAX_ITEMS` items unless `maxItems` is given. */
export function List<S extends TSchema>(item: S, options: Record<string, unknown> = {}) {
  return Type.Array(item, { maxItems: LIST_MAX_ITEMS, ...options });
}

/** A closed object: unknown fields are dropped from bodies (Ajv `removeAdditional`) and never serialised. */
export function Obj<P extends TProperties>(properties: P, options: Record<string, unknown> = {}): TObject<P> {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/**
 * A reference to a shared schema by its `$id` (`{ $ref: 'Price#' }`), typed as that schema: values are typed as the
 * schema says, and the schema is declared once in the OpenAPI document instead of inlined wherever it is used.
 */
export function Ref<T extends TSchema>(schema: T, options: Record<string, unknown> = {}): T {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('Ref() needs a schema with an $id');
  // Cast: a $ref stands for the schema it names: typed as it, so Static<> reads through the reference.
  return { $ref: `${id}#`, ...options } as unknown as T;
}

/** A string enum as JSON Schema `{type: string, enum}`, typed as the union of its values. */
export function StringEnum<const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/** A map with string keys: keys at most `MAP_KEY_MAX_LENGTH` characters, at most `MAP_MAX_ENTRIES` entries unless given. */
export function StringMap<S extends TSchema>(value: S, options: Record<string, unknown> = {}) {
  return Type.Record(Type.String(), value, {
    propertyNames: { maxLength: MAP_KEY_MAX_LENGTH },
    maxProperties: MAP_MAX_ENTRIES,
    ...options,
  });
}

/**
 * Strict RFC 3339 (`2026-01-01T00:00:00Z`, `2026-01-01T10:00:00.123456+02:00`): a year 1000..9999, at most six
 * fractional digits (PostgreSQL keeps microseconds), an offset within +-14:59 with its colon. Every value it admits
 * casts to timestamptz, so no stored date-time can make a sorted listing fail. The `date-time` format adds the
 * calendar check (no 31 February).
 */
export const DATE_TIME_PATTERN = String.raw`^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,6})?([Zz]|[+-](0[0-9]|1[0-4]):[0-5][0-9])$`;
export const DATE_TIME_RULE =
  'must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z (year 1000 to 9999, at most 6 fractional digits, offset with a colon)';

/**
 * RFC 3339 date-time string, bounded to what PostgreSQL stores and casts (see `DATE_TIME_PATTERN`). The anchored
 * pattern is its length limit (32 characters), so an over-long value gets the date-time message, not a length one.
 */
export function DateTime(options: Record<string, unknown> = {}) {
  return Type.String({
    format: 'date-time',
    pattern: DATE_TIME_PATTERN,
    description: 'RFC 3339 date-time (year 1000..9999, at most 6 fractional digits; at most 32 characters)',
    ...options,
  });
}

/** The last millisecond of year 9999: the range every date library and PostgreSQL share. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

/** An instant as epoch milliseconds (UTC), from 1970 to the end of year 9999. */
export function EpochMs(description: string, options: Record<string, unknown> = {}) {
  return Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description, ...options });
}

/** Shared fields of persisted resources (specification, "Shared fields"). */
export const sharedFields = {
  id: Type.Optional(Id({ description: 'server-generated, opaque and time-ordered', readOnly: true })),
  createDate: Type.Optional(DateTime({ readOnly: true })),
  updateDate: Type.Optional(DateTime({ readOnly: true })),
  dbVersion: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'optimistic-concurrency counter: 0 on create, +1 on each update; a stale value on update answers 412',
    }),
  ),
  lastUpdateReason: Type.Optional(Text()),
  originalId: Type.Optional(Id()),
  customerId: Type.Optional(Id({ description: 'the customer (tenant) owning the record; absent on operator records' })),
};
