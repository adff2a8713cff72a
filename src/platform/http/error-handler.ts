import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { DatabaseUnavailableError, DomainError, type ErrorDetail } from '../errors/domain-errors.js';
import { describeValidationErrors } from '../errors/validation-messages.js';
import { allowedMethods, staticPathMethods, trackStaticPaths } from './allowed-methods.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Catalogue and notification routes answer errors in the detailed shape (docs/product-decisions.md §4). */
    errorShape?: 'simple' | 'detailed';
    /** Body content types the route takes, named in its 415 answers when its context parses more (e.g. JSON too). */
    accepts?: string[];
  }
}

interface ErrorBody {
  error: string;
  message: string;
  path: string;
  status: number;
  timestamp: number;
  details?: ErrorDetail[];
  [extra: string]: unknown;
}

/** Fastify's own errors with the status our API answers for them. */
const FRAMEWORK_STATUS: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_VALIDATION: 400,
};

/** Body types a route's context can parse, for the 415 message (the sign routes take any type, the token routes forms too). */
const KNOWN_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;

function unsupportedMediaTypeMessage(request: FastifyRequest): string {
  const type = request.headers['content-type']?.split(';')[0]?.trim().slice(0, 100);
  if (type && !MEDIA_TYPE.test(type))
    return `the Content-Type header "${type}" is not a valid media type (type/subtype)`;
  const accepted =
    request.routeOptions.config?.accepts ??
    KNOWN_BODY_TYPES.filter((known) => request.server.hasContentTypeParser(known));
  return `content type ${type || 'of the body'} is not supported here; send ${accepted.join(' or ') || 'application/json'}`;
}

function frameworkMessage(error: FastifyError, status: number, request: FastifyRequest): string {
  if (status === 415) return unsupportedMediaTypeMessage(request);
  if (status === 413) return 'the request body is larger than the server accepts';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'the body is not valid JSON (or it uses a forbidden key such as __proto__)';
  if (error instanceof SyntaxError) return `the body is not valid JSON: ${error.message}`;
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'the body is empty; a JSON document is required';
  return error.message;
}

/** The request's path, without its query string. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/**
 * The simple shape, its `timestamp` read from the app's clock; also written by hand to the socket for errors raised
 * before any request exists (client-errors.ts).
 */
export function simpleErrorBody(status: number, message: string, path: string, clock: Clock): ErrorBody {
  return { error: STATUS_CODES[status] ?? 'Error', message, path, status, timestamp: clock.now().getTime() };
}

function buildErrorBody(
  clock: Clock,
  request: FastifyRequest,
  status: number,
  message: string,
  detail?: ErrorDetail,
  extra: Record<string, unknown> = {},
): ErrorBody {
  const body: ErrorBody = { ...simpleErrorBody(status, message, pathOf(request), clock), ...extra };
  if (request.routeOptions.config?.errorShape === 'detailed') body.details = detail ? [detail] : [];
  return body;
}

function send(reply: FastifyReply, status: number, body: ErrorBody, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** By app: the first path segment of each collection whose routes answer the detailed shape (`/products`). */
const detailedCollections = new WeakMap<object, Set<string>>();
const firstSegment = (path: string) => `/${path.split('/')[1] ?? ''}`;

/**
 * The shape a request no route takes is answered in: that of the collection its path is under (the detailed shape
 * under `/products`, with `errorType`), so a client sees one shape per API whatever refused it.
 */
function unroutedErrorBody(
  clock: Clock,
  request: FastifyRequest,
  status: number,
  message: string,
  errorType: ErrorDetail['errorType'],
): ErrorBody {
  const body = simpleErrorBody(status, message, pathOf(request), clock);
  const detailed = detailedCollections.get(request.server)?.has(firstSegment(pathOf(request)));
  return detailed ? { ...body, details: [{ errorType }] } : body;
}

/** 404 for a path no route has; 405 naming the methods it takes (RFC 9110 §15.5.6) for a path that has others. */
function answerUnrouted(clock: Clock, request: FastifyRequest, reply: FastifyReply, allowed: string[]) {
  const path = pathOf(request);
  if (allowed.length === 0)
    return send(reply, 404, unroutedErrorBody(clock, request, 404, `no route ${request.method} ${path}`, 'NOT_FOUND'));
  const message = `${request.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`;
  return send(reply, 405, unroutedErrorBody(clock, request, 405, message, 'VALIDATION'), { allow: allowed.join(', ') });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a path segment that is not valid
 * percent-encoding, or longer than the router's `maxParamLength`). Both can only be a malformed id, so they answer
 * 404 in the simple shape (ROUTES.md: a malformed id is a 404). The only other one, a failing async route
 * constraint, is a fault (500).
 */
export function frameworkErrorHandler(clock: Clock) {
  return function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return send(
        reply,
        404,
        unroutedErrorBody(
          clock,
          request,
          404,
          `no item at ${pathOf(request)}: the id is malformed or too long`,
          'NOT_FOUND',
        ),
      );
    }
    request.log.error({ err: error }, 'routing failed');
    return send(reply, 500, buildErrorBody(clock, request, 500, 'an unexpected error occurred; it has been logged'));
  };
}

/** Error answers of `app`, in its shapes, with the time of `clock` (the app's). */
export function registerErrorHandler(app: FastifyInstance, clock: Clock) {
  trackStaticPaths(app);
  // A path written as a route (`/products/shift-variant`) is never the value of another route's parameter: a method
  // it does not take is a 405, before authentication or the body is looked at.
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url?.includes(':') && staticPathMethods(app, pathOf(request))) reply.callNotFound();
  });
  const detailed = new Set<string>();
  detailedCollections.set(app, detailed);
  app.addHook('onRoute', (route) => {
    if ((route.config as { errorShape?: string } | undefined)?.errorShape === 'detailed')
      detailed.add(firstSegment(route.url ?? route.path));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // No route takes the request: that is the answer, whatever its body was (it was parsed before the not-found handler).
    if (request.is404) return answerUnrouted(clock, request, reply, allowedMethods(app, pathOf(request)));
    if (error instanceof DomainError) {
      // Expected answers are not logged; an unreachable database is, with the driver's reason, for the operator.
      if (error instanceof DatabaseUnavailableError)
        request.log.warn({ err: error.cause }, 'database unavailable: answered 503');
      const detail = error.errorType ? { errorType: error.errorType, ...error.detail } : undefined;
      return send(
        reply,
        error.status,
        buildErrorBody(clock, request, error.status, error.message, detail, error.extra),
        error.headers,
      );
    }
    if (error.validation) {
      const described = describeValidationErrors(error.validation, error.validationContext ?? 'body');
      const message = described.map((d) => d.message).join('; ');
      const detail: ErrorDetail = { errorType: 'VALIDATION', specific: { fields: described.map((d) => d.field) } };
      return send(reply, 400, buildErrorBody(clock, request, 400, message, detail));
    }
    const status = FRAMEWORK_STATUS[error.code] ?? (error instanceof SyntaxError ? 400 : error.statusCode);
    if (status && status >= 400 && status < 500) {
      const detail: ErrorDetail | undefined = status === 400 ? { errorType: 'VALIDATION' } : undefined;
      return send(
        reply,
        status,
        buildErrorBody(clock, request, status, frameworkMessage(error, status, request), detail),
      );
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, buildErrorBody(clock, request, 500, 'an unexpected error occurred; it has been logged'));
  });

  // A path the router knows under other methods is a 405 naming them (RFC 9110 §15.5.6), not a 404.
  app.setNotFoundHandler((request, reply) =>
    answerUnrouted(clock, request, reply, allowedMethods(app, pathOf(request))),
  );
}
