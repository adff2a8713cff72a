type Json = Record<string, any>;

const COMPONENT = '#/components/schemas/';

/**
 * A request body's examples by the principal each is written for: one naming `customerId` is the operator's (it
 * acts for a customer it names), one without is a customer's token's (the record is its own).
 */
function byPrincipal(examples: Json[]): Json {
  const named: Json = {};
  examples.forEach((value, index) => {
    const operator = value.customerId !== undefined;
    const key = `${operator ? 'asOperator' : 'asCustomer'}${named[operator ? 'asOperator' : 'asCustomer'] ? index : ''}`;
    named[key] = {
      summary: operator
        ? 'As the operator, for the customer it names'
        : "As a customer's token (the record is its own)",
      value,
    };
  });
  return named;
}

/**
 * Each request and response body that refers to a component with `examples` shows them where Swagger UI, Redoc and
 * client generators look: a response the first one; a request all of them, named by the principal each is for.
 */
export function withMediaExamples(document: Json): Json {
  const schemas: Json = document.components?.schemas ?? {};
  const media = (content: Json | undefined) => Object.values<Json>(content ?? {});
  const examplesOf = (body: Json): Json[] | undefined => {
    const ref: unknown = body.schema?.$ref;
    const examples =
      typeof ref === 'string' && ref.startsWith(COMPONENT) ? schemas[ref.slice(COMPONENT.length)]?.examples : undefined;
    return Array.isArray(examples) && examples.length > 0 && body.example === undefined && body.examples === undefined
      ? examples
      : undefined;
  };
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      for (const body of media(operation.requestBody?.content)) {
        const examples = examplesOf(body);
        if (examples?.length === 1) body.example = examples[0];
        else if (examples) body.examples = byPrincipal(examples);
      }
      for (const body of Object.values<Json>(operation.responses ?? {}).flatMap((response) =>
        media(response.content),
      )) {
        const examples = examplesOf(body);
        if (examples) body.example = examples[0];
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
          if (JSON.stringify(shared[name]) === JSON.stringify(header))
            response.headers[name] = { $ref: `#/components/headers/${name}` };
        }
      }
    }
  }
  return document;
}

/** Deletes `additionalProperties: false` in `schema` and every schema nested in it. */
function openUp(schema: unknown, components: Json, seen: Set<string>): void {
  if (Array.isArray(schema)) return schema.forEach((item) => openUp(item, components, seen));
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Json;
  if (node.additionalProperties === false) delete node.additionalProperties;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith(COMPONENT) && !seen.has(ref)) {
    seen.add(ref);
    openUp(components[ref.slice(COMPONENT.length)], components, seen);
  }
  for (const [key, value] of Object.entries(node)) if (key !== '$ref') openUp(value, components, seen);
}

/**
 * ROUTES.md: unknown fields of a JSON body are ignored, never stored (so a record read can be sent back as it is).
 * The validator drops them by the schemas' `additionalProperties: false`; in the document that keyword would say
 * they are refused, so request bodies and the components they use leave it out. Query strings keep theirs: an unknown
 * query parameter is refused.
 */
export function withIgnoredUnknownBodyFields(document: Json): Json {
  const components: Json = document.components?.schemas ?? {};
  const seen = new Set<string>();
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      for (const media of Object.values<Json>(operation.requestBody?.content ?? {}))
        openUp(media.schema, components, seen);
    }
  }
  return document;
}

/**
 * The introduction's first sentence says what the document serves, from its own operations (their tags, in order of
 * appearance, with how many operations each has): never hand-kept, so it cannot fall behind the APIs.
 */
export function withServedApis(document: Json): Json {
  const counts = new Map<string, number>();
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(item))
      for (const tag of operation.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const served = [...counts].map(([tag, count]) => `${tag} (${count})`).join(', ');
  const [first, ...rest] = String(document.info?.description ?? '').split('\n\n');
  document.info = {
    ...document.info,
    description: [`${first} It serves ${total} operations: ${served}.`, ...rest].join('\n\n'),
  };
  return document;
}

/**
 * Schema components no operation or web hook reaches are left out: they would be types no client ever meets
 * (schemas added for the validators' sake, or inlined where they are used).
 */
export function withoutUnusedComponents(document: Json): Json {
  const schemas: Json = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT)) {
        const name = value.slice(COMPONENT.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  for (const [section, entries] of Object.entries(document.components ?? {})) if (section !== 'schemas') visit(entries);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
  return document;
}

/**
 * What the generated document gets before it is served. It is changed on a copy: its schemas may be the very objects
 * the routes validate with.
 */
export function finishDocument(document: Json): Json {
  const finished = withSharedHeaders(withMediaExamples(withIgnoredUnknownBodyFields(structuredClone(document))));
  return withServedApis(withoutUnusedComponents(finished));
}
