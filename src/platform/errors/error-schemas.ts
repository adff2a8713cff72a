import Type from 'typebox';
import { ERROR_TYPES } from './domain-errors.js';

export const SimpleErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'HTTP reason phrase, or the OAuth error code on token routes' }),
    message: Type.String({ description: 'what was wrong and where (field path and rule)' }),
    path: Type.String(),
    status: Type.Integer(),
    timestamp: Type.Integer({ description: 'epoch milliseconds' }),
    error_description: Type.Optional(Type.String()),
  },
  { $id: 'SimpleError', title: 'Error (simple shape)' },
);

export const DetailedErrorSchema = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    path: Type.String(),
    status: Type.Integer(),
    timestamp: Type.Integer(),
    details: Type.Array(
      Type.Object({
        errorType: Type.Unsafe<string>({ type: 'string', enum: [...ERROR_TYPES] }),
        resourceDisplayName: Type.Optional(Type.String()),
        resourceId: Type.Optional(Type.String()),
        resourceType: Type.Optional(Type.String()),
        specific: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { $id: 'DetailedError', title: 'Error (detailed shape)' },
);

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: malformed input or an invalid field',
  401: 'Missing or invalid bearer token',
  403: 'Authenticated but not allowed',
  404: 'Not found (or not visible to this tenant)',
  408: 'The request body did not arrive in time',
  409: 'Conflict',
  412: 'Stale dbVersion: read the resource again and retry',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
  500: 'Server fault',
  503: 'The service is shutting down, or its database is not reachable: retry (after Retry-After when given)',
};

/**
 * OpenAPI responses for error codes in the error shape. A route lists the codes its own logic answers (404, 409, 412,
 * 429, ...): what authentication, parsing and validation answer (400, 401, 403, 409, 413, 415, 500) is declared on
 * every route by `http/response-declarations.ts`.
 */
export function errorResponses(shape: 'simple' | 'detailed' = 'simple', codes: number[] = []) {
  const ref = { $ref: shape === 'detailed' ? 'DetailedError#' : 'SimpleError#' };
  return Object.fromEntries(codes.map((code) => [code, { description: DESCRIPTIONS[code] ?? 'Error', ...ref }]));
}
