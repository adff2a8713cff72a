import type { Schemas } from './client';

type Detail = Schemas['DetailedError']['details'][number];

/** An answer of the API that is not a success, as the console shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Detail[] = [],
    /** The current record, for a 412 (someone else saved it first). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /**
   * A 400's messages by the body field they name (`prices.FR`, `parameters[0].defaultValue`). The API names fields
   * in `details[].specific.field`, or at the start of each `; `-joined part of its message (`body.password must be …`:
   * schema checks, the simple error shape of IAM and terms, the catalogue's rules); each part goes to its field.
   */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.status !== 400) return out;
    const parts = this.message.split('; ');
    for (const detail of this.details) {
      const { field, fields, message } = detail.specific ?? {};
      if (typeof field === 'string') out[field.replace(/^body\./, '')] = String(message ?? this.message);
      // Schema checks name several fields, with one part of the message each.
      if (Array.isArray(fields))
        for (const name of fields)
          if (typeof name === 'string')
            out[name.replace(/^body\./, '')] ??=
              parts.find((part) => part.includes(name))?.replace(/^body\./, '') ?? this.message;
    }
    for (const part of parts) {
      const field = /^body\.([\w.[\]-]+)/.exec(part)?.[1];
      if (field) out[field] ??= part.replace(/^body\./, '');
    }
    return out;
  }
}

/** What a person is told for a status, in plain words, when the API's message does not say more. */
export function plainWords(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong.';
  switch (error.status) {
    case 401:
      return 'Your session has ended. Sign in again.';
    case 403:
      return `You are not allowed to do this (${error.message}).`;
    case 404:
      return 'This record does not exist, or it is not yours to see.';
    case 409:
      return `This conflicts with what is already there: ${error.message}`;
    case 412:
      return 'Someone saved this record after you opened it.';
    case 429:
      return 'Too many requests: wait a moment and try again.';
    default:
      return error.status >= 500 ? 'The service could not do this right now. Try again in a moment.' : error.message;
  }
}

/**
 * The data of an openapi-fetch answer, or an ApiError carrying the API's error shape. Lets TanStack Query treat an
 * error answer as a failed query.
 */
export function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.response.ok) return answer.data as T;
  const body = (answer.error ?? {}) as { message?: string; details?: Detail[] };
  throw new ApiError(
    answer.response.status,
    body.message ?? answer.response.statusText,
    body.details ?? [],
    answer.error,
  );
}
