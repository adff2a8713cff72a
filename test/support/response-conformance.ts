import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import type { Json } from './json.js';

// ajv-formats is CommonJS; under ESM its plugin sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** A response that does not match what its route declares in the OpenAPI document. */
export interface Violation {
  test: string | undefined;
  request: string;
  status: number;
  problem: string;
}

const violations: Violation[] = [];
let currentTest: () => string | undefined = () => undefined;

/** Violations seen since the last call (the test setup fails the test that caused them). */
export function takeViolations(): Violation[] {
  return violations.splice(0, violations.length);
}

/** Where the setup file tells which test is running, so a violation names it. */
export function nameTestsWith(name: () => string | undefined) {
  currentTest = name;
}

/** The declared response for a status: exact, then `4xx`, then `default` (Fastify's own lookup order). */
function declaredResponse(responses: Json, status: number): Json | undefined {
  return (
    responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses[`${String(status)[0]}XX`] ?? responses.default
  );
}

/** A declared response without `content`, as the schema of its body (the same object each time, so its validator is compiled once). */
const bareSchemas = new WeakMap<Json, Json>();

/** The body schema of a declared response for the reply's media type; `undefined`: no JSON body to check. */
function bodySchema(declared: Json, mediaType: string): Json | undefined {
  if (declared.content) {
    const media = declared.content[mediaType] ?? declared.content['*/*'];
    return media?.schema;
  }
  let schema = bareSchemas.get(declared);
  if (!schema) {
    const { description: _d, headers: _h, ...body } = declared;
    schema = body;
    bareSchemas.set(declared, schema);
  }
  return schema;
}

const mediaTypeOf = (reply: FastifyReply) =>
  String(reply.getHeader('content-type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

function isEmpty(payload: unknown): boolean {
  return (
    payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0)
  );
}

/** A JSON payload as text; `undefined` for a stream (a download) whose content is not buffered. */
function payloadText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

/**
 * Compiles response schemas against the schemas the route's Fastify context knows (`$ref: 'TermsItem#'`), without
 * coercion or defaults: it checks what was sent, it changes nothing.
 */
class ResponseSchemas {
  private readonly ajvs = new WeakMap<FastifyInstance, Ajv>();
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  validator(server: FastifyInstance, schema: Json): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajvOf(server).compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  private ajvOf(server: FastifyInstance): Ajv {
    let ajv = this.ajvs.get(server);
    if (!ajv) {
      ajv = addFormats(new Ajv({ strict: false, allErrors: true, keywords: ['example'], validateFormats: true }));
      for (const schema of Object.values(server.getSchemas())) ajv.addSchema(schema as object);
      this.ajvs.set(server, ajv);
    }
    return ajv;
  }
}

function headerProblems(declared: Json, reply: FastifyReply): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries<Json>(declared.headers ?? {})) {
    const value = reply.getHeader(name.toLowerCase());
    if (value === undefined) problems.push(`declared header ${name} is missing`);
    else if (schema.pattern && !new RegExp(schema.pattern).test(String(value)))
      problems.push(`header ${name}: ${String(value)} does not match ${schema.pattern}`);
  }
  return problems;
}

function bodyProblems(
  schemas: ResponseSchemas,
  request: FastifyRequest,
  reply: FastifyReply,
  declared: Json,
  payload: unknown,
): string[] {
  const mediaType = mediaTypeOf(reply);
  const schema = bodySchema(declared, mediaType);
  if (declared.content && !schema)
    return [
      `content type ${mediaType || '(none)'} is not declared (declared: ${Object.keys(declared.content).join(', ')})`,
    ];
  if (schema?.type === 'null') return isEmpty(payload) ? [] : ['a body was sent where none is declared'];
  if (request.method === 'HEAD' || !schema || !/[/+]json$/.test(mediaType)) return [];
  const text = payloadText(payload);
  if (text === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`the ${mediaType} body is not JSON`];
  }
  const validate = schemas.validator(request.server, schema);
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `body${e.instancePath} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

function problemsOf(
  schemas: ResponseSchemas,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string[] {
  const responses = (request.routeOptions.schema as Json | undefined)?.response as Json | undefined;
  if (!responses) return ['the route declares no responses'];
  const declared = declaredResponse(responses, reply.statusCode);
  if (!declared) return [`status ${reply.statusCode} is not declared (declared: ${Object.keys(responses).join(', ')})`];
  return [...headerProblems(declared, reply), ...bodyProblems(schemas, request, reply, declared, payload)];
}

function documented(route: RouteOptions): boolean {
  return Boolean(route.schema) && !(route.schema as { hide?: boolean }).hide;
}

/**
 * Checks every response of a documented route against its declaration (status, declared headers, JSON body). It is
 * appended to each route's own `onSend` hooks, so it sees the response as it leaves, after every other hook.
 * Call it before any route is added (`buildApp`'s `instrument`).
 */
export function checkResponses(app: FastifyInstance): void {
  const schemas = new ResponseSchemas();
  const check: onSendHookHandler = async (request, reply, payload) => {
    // Handed to the not-found handler (a path written as a route, asked with another method): no operation answered.
    if (request.is404) return payload;
    for (const problem of problemsOf(schemas, request, reply, payload)) {
      violations.push({
        test: currentTest(),
        request: `${request.method} ${request.url.slice(0, 200)}`,
        status: reply.statusCode,
        problem,
      });
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!documented(route)) return;
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...hooks, check];
  });
}
