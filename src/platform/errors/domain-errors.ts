/** `details[].errorType` values of the detailed error shape (docs/product-decisions.md §4). */
export const ERROR_TYPES = [
  'VALIDATION',
  'NOT_FOUND',
  'STALE_VERSION',
  'CONFLICT',
  'FORBIDDEN',
  'INVALID_STATE',
  'PRICE_FUNCTION',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorDetail {
  errorType: ErrorType;
  resourceDisplayName?: string;
  resourceId?: string;
  resourceType?: string;
  specific?: Record<string, unknown>;
}

/** Every error the application throws on purpose. The one mapper (`error-handler.ts`) turns it into HTTP. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: ErrorType | undefined,
    message: string,
    readonly detail: Omit<ErrorDetail, 'errorType'> = {},
    /** Extra top-level body fields (OAuth's `error`, `error_description`). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, detail: Omit<ErrorDetail, 'errorType'> = {}) {
    super(400, 'VALIDATION', message, detail);
  }
}

export class InvalidStateError extends DomainError {
  constructor(message: string, detail: Omit<ErrorDetail, 'errorType'> = {}) {
    super(400, 'INVALID_STATE', message, detail);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'a valid bearer token is required') {
    super(401, undefined, message, {}, {}, { 'www-authenticate': 'Bearer' });
  }
}

/** RFC 6750 §3.1: a bearer token that was sent but is expired, revoked or not ours: the challenge names the error. */
export class InvalidTokenError extends DomainError {
  constructor(message: string) {
    super(
      401,
      undefined,
      message,
      {},
      {},
      { 'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` },
    );
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, detail: Omit<ErrorDetail, 'errorType'> = {}) {
    super(403, 'FORBIDDEN', message, detail);
  }
}

export class NotFoundError extends DomainError {
  constructor(resourceType: string, resourceId: string) {
    super(404, 'NOT_FOUND', `${resourceType} ${resourceId} was not found`, { resourceType, resourceId });
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, detail: Omit<ErrorDetail, 'errorType'> = {}) {
    super(409, 'CONFLICT', message, detail);
  }
}

/** Well-formed, but not processable as sent: an Idempotency-Key sent again with another request. */
export class UnprocessableError extends DomainError {
  constructor(message: string, detail: Omit<ErrorDetail, 'errorType'> = {}) {
    super(422, 'VALIDATION', message, detail);
  }
}

export class StaleVersionError extends DomainError {
  constructor(resourceType: string, resourceId: string, stored: number, submitted: number) {
    super(
      412,
      'STALE_VERSION',
      `${resourceType} ${resourceId} is at dbVersion ${stored}, the request was based on ${submitted}; read it again and retry`,
      { resourceType, resourceId, specific: { storedDbVersion: stored, submittedDbVersion: submitted } },
    );
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, extra: Record<string, unknown> = {}) {
    super(429, undefined, message, {}, extra, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** OAuth 2.0 token endpoint errors (RFC 6749 §5.2), in the simple shape plus `error_description`. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope';

export class OAuthError extends DomainError {
  constructor(
    status: 400 | 401 | 429,
    code: OAuthErrorCode,
    description: string,
    headers: Record<string, string> = {},
  ) {
    super(status, undefined, description, {}, { error: code, error_description: description }, headers);
  }
}

/** The client did not send its request in time; the connection is closed after the answer (the rest is not read). */
export class RequestTimeoutError extends DomainError {
  constructor(message: string) {
    super(408, undefined, message, {}, {}, { connection: 'close' });
  }
}

/** The service is shutting down; the client should retry on another instance. */
export class ServiceUnavailableError extends DomainError {
  constructor(message: string) {
    super(503, undefined, message, {}, {}, { connection: 'close' });
  }
}

/**
 * The database cannot be reached (refused, connection lost, shutting down or starting up). Nothing the request did is
 * kept, except that a COMMIT cut off half-way may have landed; the client retries, as after any 503.
 */
export class DatabaseUnavailableError extends DomainError {
  constructor(cause: unknown) {
    super(503, undefined, 'the database is not reachable; retry the request', {}, {}, { 'retry-after': '1' });
    this.cause = cause;
  }
}

/** 415: the operation takes other content types. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(accepted: string) {
    super(415, undefined, `send ${accepted}`);
  }
}

/** 413: a body, or a part of it, larger than the operation takes. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, undefined, message);
  }
}
