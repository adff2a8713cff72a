import type { FastifyInstance, RouteOptions } from 'fastify';
import Type, { type TSchemaOptions } from 'typebox';
import { errorResponses } from '../errors/error-schemas.js';
import type { JsonNode } from './json-node.js';
import { RESPONSE_HEADERS, type ResponseHeader } from './response-headers.js';

export type { ResponseHeader };

/** Canonical spelling in the document (`ETag`, `X-Request-Id`); the checks compare names case-insensitively. */
const HEADER_NAMES: Record<ResponseHeader, string> = {
  etag: 'ETag',
  location: 'Location',
  'retry-after': 'Retry-After',
  'x-request-id': 'X-Request-Id',
  'cache-control': 'Cache-Control',
};

/**
 * An answer without a body (a 204, or RFC 7009's empty 200): `null` in the document, and nothing to send, so a route
 * typed from its schemas answers it with `reply.code(204).send()`.
 */
export function NoBody(options: TSchemaOptions = {}) {
  return Type.Unsafe<undefined>(Type.Null(options));
}

/** A response declaration that also declares these headers (always sent with it). */
export function withHeaders<T extends object>(response: T, ...names: ResponseHeader[]): T {
  const declared = (response as JsonNode).headers ?? {};
  return {
    ...response,
    headers: { ...declared, ...Object.fromEntries(names.map((name) => [HEADER_NAMES[name], RESPONSE_HEADERS[name]])) },
  };
}

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified: the If-None-Match ETag is still current',
};

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * The error statuses the platform answers for a route, whatever its handler does: what authentication, body parsing,
 * validation and Idempotency-Key handling refuse. Routes declare only the statuses their own logic answers.
 */
export function platformErrorStatuses(route: RouteOptions): number[] {
  const config = (route.config ?? {}) as JsonNode;
  const schema = (route.schema ?? {}) as JsonNode;
  const takesBody = methodsOf(route).some((method) => BODY_METHODS.includes(method));
  // 503: a request that arrives while the instance is closing (connection-drain.ts), or while the database is not
  // reachable (db/connection-failures.ts). 431: headers (or the request line) larger than the server reads.
  const statuses = new Set<number>([431, 500, 503]);
  if (!config.public) statuses.add(401);
  if (!config.public && !config.anyToken) statuses.add(403);
  // 408: a body that does not arrive within BODY_TIMEOUT (body-deadline.ts).
  if (takesBody) [400, 408, 413, 415].forEach((status) => statuses.add(status));
  if (schema.querystring || schema.headers || schema.body) statuses.add(400);
  // Idempotency-Key: 409 while the key's first request runs, 422 when it comes back with another request.
  if (methodsOf(route).includes('POST') && !config.public && config.idempotency !== false)
    [400, 409, 422].forEach((status) => statuses.add(status));
  return [...statuses];
}

/** GET routes whose success declares an ETag answer 304 to a matching If-None-Match (conditional-get.ts). */
function answersNotModified(route: RouteOptions, responses: JsonNode): boolean {
  return methodsOf(route).includes('GET') && Boolean(responses[200]?.headers?.ETag);
}

/** Every declared response: a description, X-Request-Id (sent on every answer), Retry-After on 429. */
function completed(status: string, response: JsonNode): JsonNode {
  const described = response.description
    ? response
    : { ...response, description: SUCCESS_DESCRIPTIONS[status] ?? 'Answer' };
  return status === '429'
    ? withHeaders(described, 'x-request-id', 'retry-after')
    : withHeaders(described, 'x-request-id');
}

/** The route's responses with what the platform answers added (the route's own declarations win). */
export function declaredResponses(route: RouteOptions): JsonNode {
  const own = ((route.schema as JsonNode | undefined)?.response ?? {}) as JsonNode;
  const errorShape = ((route.config ?? {}) as JsonNode).errorShape ?? 'simple';
  const all: JsonNode = { ...errorResponses(errorShape, platformErrorStatuses(route)), ...own };
  if (answersNotModified(route, all)) all[304] ??= withHeaders({ type: 'null' }, 'etag');
  return Object.fromEntries(Object.entries(all).map(([status, response]) => [status, completed(status, response)]));
}

/**
 * Declares on every documented route what the platform answers besides its handler, so the OpenAPI document (and
 * the response checks of the test suite) know every status a client can get. Register before any route.
 */
export function registerResponseDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.schema || (route.schema as { hide?: boolean }).hide) return;
    const response = declaredResponses(route);
    route.schema = { ...route.schema, response };
    if (response[304]) route.schema.headers = withIfNoneMatch(route.schema.headers as JsonNode | undefined);
  });
}

const IfNoneMatchSchema = {
  type: 'string',
  description: 'an ETag read before: 304 without a body while it is still current',
};

/** Documents (and lets through) the request header a conditional GET reads. */
function withIfNoneMatch(headers: JsonNode | undefined): JsonNode {
  const { $id: _id, ...rest } = headers ?? {};
  return { type: 'object', ...rest, properties: { ...rest.properties, 'if-none-match': IfNoneMatchSchema } };
}
