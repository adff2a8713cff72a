import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';

// ajv-formats is CommonJS; under ESM its plugin sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: false,
  strict: false,
  useDefaults: true,
  // OpenAPI's `example` annotation is allowed in schemas.
  keywords: ['example'],
};

/**
 * Bodies are validated strictly (no type coercion; unknown fields dropped, never stored), while query strings,
 * path parameters and headers are coerced from text ("5" -> 5, a single value -> a one-element array).
 */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator(externalSchemas: Record<string, unknown>) {
      const body = addFormats(new Ajv({ ...shared, removeAdditional: true, coerceTypes: false }));
      const text = addFormats(new Ajv({ ...shared, removeAdditional: false, coerceTypes: 'array' }));
      for (const schema of Object.values(externalSchemas ?? {})) {
        body.addSchema(schema as object);
        text.addSchema(schema as object);
      }
      return ({ schema, httpPart }: { schema: object; httpPart?: string }) => (httpPart === 'body' ? body : text).compile(schema);
    },
  } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
};
