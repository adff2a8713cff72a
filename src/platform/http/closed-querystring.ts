import type { FastifyInstance } from 'fastify';

/** What a route that declares no query parameters takes: none. */
const NO_QUERY = { type: 'object', properties: {}, additionalProperties: false };

/**
 * Every operation refuses query parameters it does not know (400 naming them), as the listings do, so a misspelt
 * filter is never silently ignored. A route without a querystring schema gets an empty closed one; a route with one
 * must say what happens to unknown parameters (`additionalProperties`), so an exception (RFC 6749's token endpoint,
 * public download links) is always written down where it is made. Routes that are no API operation (hidden from
 * the OpenAPI document: the docs UI, whose OAuth redirect page takes query parameters, and `/openapi.json`) are left
 * alone.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { querystring?: { additionalProperties?: unknown }; hide?: boolean } | undefined;
    if (!schema || schema.hide) return;
    if (schema.querystring === undefined) {
      route.schema = { ...schema, querystring: NO_QUERY } as typeof route.schema;
    } else if (schema.querystring.additionalProperties === undefined) {
      throw new Error(
        `${route.method} ${route.url}: its querystring schema must set additionalProperties (false refuses unknown parameters)`,
      );
    }
  });
}
