import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { DATE_TIME_PATTERN, DATE_TIME_RULE } from '../schema-types.js';

/** `/addressBook/country` -> `addressBook.country`; array indexes as `[2]`. */
function dotted(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** The rule a value broke, as the end of a sentence: `must be at most 150 characters`. */
function ruleOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `must be of type ${params.type}`;
    case 'format':
      return `must be a valid ${params.format}`;
    case 'pattern':
      return params.pattern === DATE_TIME_PATTERN ? DATE_TIME_RULE : `must match the pattern ${params.pattern}`;
    case 'uniqueItems':
      return 'must not contain duplicate items';
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'minItems':
      return `must have at least ${params.limit} items`;
    case 'maxProperties':
      return `must have at most ${params.limit} entries`;
    case 'minProperties':
      return `must have at least ${params.limit} entries`;
    case 'anyOf':
    case 'oneOf':
      return 'does not match any allowed form';
    default:
      return error.message ?? `fails the rule ${error.keyword}`;
  }
}

/** One sentence per failed rule, naming the field path and the rule: `body.name must be at most 150 characters`. */
export function describeValidationError(
  error: FastifySchemaValidationError,
  part: string,
): { field: string; message: string } {
  const params = error.params as Record<string, unknown>;
  let field = [part, dotted(error.instancePath)].filter(Boolean).join('.');
  const name = (child: unknown) => (field ? `${field}.${String(child)}` : String(child));
  // A map key breaking `propertyNames` (too long): Ajv reports the key's rule at the map's path, naming the key.
  const key = (error as { propertyName?: unknown }).propertyName;
  let rule: string;
  if (typeof key === 'string' && error.keyword !== 'propertyNames') {
    // Cut by characters (code points), never inside a surrogate pair.
    const shown = Array.from(key);
    rule = `has a key "${shown.length > 40 ? `${shown.slice(0, 40).join('')}…` : key}" that ${ruleOf(error)}`;
  } else if (error.keyword === 'required') {
    field = name(params.missingProperty);
    rule = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    field = name(params.additionalProperty);
    rule = part === 'querystring' ? 'is not a known parameter of this operation' : 'is not a known field';
  } else {
    rule = ruleOf(error);
  }
  return { field: field || part, message: `${field || part} ${rule}` };
}

/**
 * The sentences of one failed validation. A map key breaking `propertyNames` comes as two errors, the key's own rule
 * and a bare "property name must be valid"; only the first says something.
 */
export function describeValidationErrors(
  errors: FastifySchemaValidationError[],
  part: string,
): { field: string; message: string }[] {
  const useful = errors.length > 1 ? errors.filter((error) => error.keyword !== 'propertyNames') : errors;
  return useful.map((error) => describeValidationError(error, part));
}
