import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyServerOptions } from 'fastify';

// ajv-formats is CommonJS; under ESM its plugin sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  // Cast: ajv-formats is CommonJS: its typings describe neither the `.default` nor the plugin ESM hands us.
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: false,
  strict: false,
  useDefaults: true,
  // OpenAPI's `example` annotation is allowed in schemas.
  keywords: ['example'],
};

/** How bodies are validated: strictly (no type coercion), unknown fields dropped (never stored), defaults filled in. */
export function bodyValidator(): Ajv {
  return addFormats(new Ajv({ ...shared, removeAdditional: true, coerceTypes: false }));
}

type Schemas = Record<string, object>;
type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * Route schemas compile on a route's first use, not at start-up: compiling all ~150 routes' validators and
 * serializers took about 20 s of CPU, paid by every process start and every test file, most of it for routes that
 * process never serves.
 */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    // Fastify reads the errors from the function it was given.
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile())(data);
}

/** The shared schemas `schema` refers to, directly or through one another (`{ $ref: 'Product#/...' }`). */
function referencedSchemas(schema: object, external: Schemas): Schemas {
  const found: Schemas = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0]!;
        const target = external[id];
        if (target && !(id in found)) {
          found[id] = target;
          visit(target);
        }
      } else visit(value);
    }
  };
  visit(schema);
  return found;
}

/**
 * Bodies are validated strictly (no type coercion; unknown fields dropped, never stored), while query strings,
 * path parameters and headers are coerced from text ("5" -> 5, a single value -> a one-element array). Fastify asks
 * for a validator factory in every plugin scope that adds shared schemas; one app's scopes share two Ajv instances,
 * each shared schema added (and checked against the meta-schema) once. Responses are serialized by
 * fast-json-stringify given only the shared schemas the response refers to: it checks every schema it is given, on
 * every build.
 */
export function schemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const body = bodyValidator();
  const text = addFormats(new Ajv({ ...shared, removeAdditional: false, coerceTypes: 'array' }));
  const added = new Set<string>();
  return {
    compilersFactory: {
      buildValidator(externalSchemas: Schemas) {
        for (const [id, schema] of Object.entries(externalSchemas ?? {})) {
          if (added.has(id)) continue;
          added.add(id);
          body.addSchema(schema);
          text.addSchema(schema);
        }
        return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
          lazyValidator(() => (httpPart === 'body' ? body : text).compile(schema) as Validate);
      },
      buildSerializer(externalSchemas: Schemas, serializerOptions: object) {
        return ({ schema }: { schema: object }) =>
          lazySerializer(() =>
            fastJsonStringify(schema as never, {
              ...serializerOptions,
              schema: referencedSchemas(schema, externalSchemas ?? {}) as never,
            }),
          );
      },
      // Cast: Fastify's compilersFactory type wants its own compiler signatures; ours return the same functions, typed by Ajv.
    } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
  };
}
