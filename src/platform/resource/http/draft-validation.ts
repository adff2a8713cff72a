import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { describeValidationErrors } from '../../errors/validation-messages.js';
import { bodyValidator } from '../../http/schema-compilers.js';
import type { AnyResourceKind } from '../declare/kind.js';
import type { Doc } from '../declare/record.js';
import { draftSchemaOf } from './record-shapes.js';

/** What a body breaks first, as a 400 would name it: `body.prices must be ...`. */
export interface BodyProblem {
  field: string;
  message: string;
}

/**
 * The create-or-replace body check of a kind, as its routes apply it (same schema, same Ajv options, same
 * sentences), for bodies that do not come one per request (a bulk import's rows). Like the route's, it drops unknown
 * fields and fills defaults in `body` itself.
 */
export function draftValidator(kind: Pick<AnyResourceKind, 'schema'>): (body: Doc) => BodyProblem | undefined {
  const validate = bodyValidator().compile(draftSchemaOf(kind));
  return (body) => {
    if (validate(body)) return undefined;
    // Cast: Ajv's ErrorObject is what Fastify's validation error is made of; the types are declared apart.
    const errors = (validate.errors ?? []) as unknown as FastifySchemaValidationError[];
    return describeValidationErrors(errors, 'body')[0] ?? { field: 'body', message: 'body is not valid' };
  };
}
