type Json = Record<string, any>;

const COMPONENT = '#/components/schemas/';

/**
 * Each request and response body that refers to a component with `examples` shows the first one as its media
 * example, where Swagger UI, Redoc and client generators look for it.
 */
export function withMediaExamples(document: Json): Json {
  const schemas: Json = document.components?.schemas ?? {};
  const media = (content: Json | undefined) => Object.values<Json>(content ?? {});
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      const bodies = [...media(operation.requestBody?.content), ...Object.values<Json>(operation.responses ?? {}).flatMap((response) => media(response.content))];
      for (const body of bodies) {
        const ref: unknown = body.schema?.$ref;
        const examples = typeof ref === 'string' && ref.startsWith(COMPONENT) ? schemas[ref.slice(COMPONENT.length)]?.examples : undefined;
        if (Array.isArray(examples) && examples.length > 0 && body.example === undefined && body.examples === undefined) body.example = examples[0];
      }
    }
  }
  return document;
}

/** Response headers declared alike on many operations become one `components.headers` entry each, referred to by `$ref`. */
export function withSharedHeaders(document: Json): Json {
  const shared: Json = (document.components.headers ??= {});
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      for (const response of Object.values<Json>(operation.responses ?? {})) {
        for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
          shared[name] ??= header;
          if (JSON.stringify(shared[name]) === JSON.stringify(header)) response.headers[name] = { $ref: `#/components/headers/${name}` };
        }
      }
    }
  }
  return document;
}

/** What the generated document gets before it is served. */
export function finishDocument(document: Json): Json {
  return withSharedHeaders(withMediaExamples(document));
}
