import Type, { type Static, type TSchema } from 'typebox';

/**
 * A request body declared by media type (`{ content: { 'application/x-www-form-urlencoded': { schema } } }`), typed
 * as the values its schemas describe. Fastify checks a body against the schema of the media type it came in, so that
 * is what the handler reads; the type provider does not look into `content`, so the type is declared here, once. It
 * holds while every media type the route parses is listed: one it parses but does not list goes unchecked, and must be
 * refused before validation (a 415 in `preValidation`, as the sign-in form does). `Type.Unsafe` only adds a
 * non-enumerable marker: the route's schema, and the OpenAPI document, are the declaration as written.
 */
export function bodyByMediaType<S extends TSchema>(content: Record<string, S>) {
  return Type.Unsafe<Static<S>>({
    content: Object.fromEntries(Object.entries(content).map(([mediaType, schema]) => [mediaType, { schema }])),
  });
}
