/** Response headers the API documents, by their lower-case name. */
export const RESPONSE_HEADERS = {
  etag: {
    type: 'string',
    pattern: '^(W/)?".*"$',
    description:
      'version of the answered record (`"<dbVersion>"`): send it in `If-Match` to update it safely, or in `If-None-Match` to get 304 when it has not changed',
  },
  location: { type: 'string', description: 'where the created item can be read' },
  'retry-after': { type: 'string', pattern: '^\\d+$', description: 'seconds to wait before trying again' },
  'x-request-id': {
    type: 'string',
    description: "this request's id (the caller's `X-Request-Id` when it is 1-128 word characters), as logged",
  },
  'cache-control': { type: 'string', description: 'how the answer may be cached' },
} as const;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;
