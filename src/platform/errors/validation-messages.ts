import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** `/addressBook/country` -> `addressBook.country`; array indexes as `[2]`. */
function dotted(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** One sentence per failed rule, naming the field path and the rule: `body.name must be at most 150 characters`. */
export function describeValidationError(error: FastifySchemaValidationError, part: string): { field: string; message: string } {
  const params = error.params as Record<string, unknown>;
  let field = [part, dotted(error.instancePath)].filter(Boolean).join('.');
  const name = (child: unknown) => (field ? `${field}.${String(child)}` : String(child));
  let rule: string;
  switch (error.keyword) {
    case 'required':
      field = name(params.missingProperty);
      rule = 'is required';
      break;
    case 'additionalProperties':
      field = name(params.additionalProperty);
      rule = part === 'querystring' ? 'is not a known parameter of this operation' : 'is not a known field';
      break;
    case 'maxLength':
      rule = `must be at most ${params.limit} characters`;
      break;
    case 'minLength':
      rule = params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters`;
      break;
    case 'maximum':
      rule = `must be at most ${params.limit}`;
      break;
    case 'minimum':
      rule = `must be at least ${params.limit}`;
      break;
    case 'exclusiveMinimum':
      rule = `must be greater than ${params.limit}`;
      break;
    case 'exclusiveMaximum':
      rule = `must be less than ${params.limit}`;
      break;
    case 'enum':
      rule = `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
      break;
    case 'const':
      rule = `must be ${JSON.stringify(params.allowedValue)}`;
      break;
    case 'type':
      rule = `must be of type ${params.type}`;
      break;
    case 'format':
      rule = `must be a valid ${params.format}`;
      break;
    case 'pattern':
      rule = `must match the pattern ${params.pattern}`;
      break;
    case 'uniqueItems':
      rule = 'must not contain duplicate items';
      break;
    case 'maxItems':
      rule = `must have at most ${params.limit} items`;
      break;
    case 'minItems':
      rule = `must have at least ${params.limit} items`;
      break;
    case 'anyOf':
    case 'oneOf':
      rule = 'does not match any allowed form';
      break;
    default:
      rule = error.message ?? `fails the rule ${error.keyword}`;
  }
  return { field: field || part, message: `${field || part} ${rule}` };
}
