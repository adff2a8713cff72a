import type { RouteOptions } from 'fastify';

type Json = Record<string, any>;

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

function access(config: Json): string {
  if (config.public) return 'Public: no token needed.';
  if (config.anyToken) return 'Needs a bearer access token (any scope).';
  return `Needs a bearer access token with the scope \`${config.scope}\`.`;
}

/** What the route's declarations promise, each as one sentence: the same facts the platform's hooks enforce. */
function facts(route: RouteOptions): string[] {
  const config = (route.config ?? {}) as Json;
  const schema = (route.schema ?? {}) as Json;
  const query = schema.querystring?.properties ?? {};
  const headers = schema.headers?.properties ?? {};
  const found: string[] = [access(config)];
  if (query.page && query.size)
    found.push(
      'Paged: `page` counts from 0, `size` is at most 500; the answer says `totalItems`, `totalPages` and whether this page is the `last`.',
    );
  if (query.sort) found.push('`sort=field,asc|desc` (repeatable); ties and the default follow creation order.');
  if (schema.response?.[304])
    found.push(
      'Answers an `ETag`; send it back in `If-None-Match` to get 304 Not Modified while the item is unchanged.',
    );
  if (headers['if-match'])
    found.push(
      'Send the `dbVersion` you read (in the body, or as `If-Match: "<dbVersion>"`): when the item changed since, the answer is 412 and nothing is changed.',
    );
  if (methodsOf(route).includes('POST') && !config.public && config.idempotency !== false) {
    found.push(
      'Send an `Idempotency-Key` to make a retry safe: the same key and body within 24 h replay the first answer instead of running again.',
    );
  }
  if (config.errorShape === 'detailed') found.push('Errors come in the detailed shape (with `details`).');
  return found;
}

/** The route's own description (or summary), followed by the facts every operation of its kind shares. */
export function describeOperation(route: RouteOptions): string {
  const schema = (route.schema ?? {}) as Json;
  const own = schema.description ?? (schema.summary ? `${String(schema.summary).replace(/\.?$/, '.')}` : '');
  return [own, ...facts(route)].filter(Boolean).join('\n\n');
}
