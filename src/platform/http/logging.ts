import type { FastifyServerOptions } from 'fastify';

/** Where log lines go; tests pass a stream that captures them, production writes JSON to stdout. */
export interface LogStream {
  write(line: string): void;
}

/** Credentials may sit in headers of any logged request or response object; pino replaces them wherever they appear. */
const REDACTED_PATHS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'].flatMap((header) => [
  `req.headers["${header}"]`,
  `headers["${header}"]`,
  `*.headers["${header}"]`,
]);

/** Query parameters that carry secrets: the OAuth token endpoint accepts `client_secret`, `password`, `refresh_token` there. */
const SECRET_QUERY_PARAMETER = /secret|passw|token|assertion|^code$|^(api_?)?key$/i;

/** `/iam/tokens/oauth?client_secret=abc&grant_type=x` -> `/iam/tokens/oauth?client_secret=[redacted]&grant_type=x`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_QUERY_PARAMETER.test(decoded) && pair.includes('=') ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, but with secrets in the query string replaced. Headers are never logged. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino options of the service. Every line logged through `request.log` carries `reqId` (Fastify's child logger),
 * which is the caller's `X-Request-Id` when it sent a well-formed one.
 */
export function loggerOptions(level: string, stream?: LogStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest as (request: unknown) => Record<string, unknown> },
    ...(stream ? { stream } : {}),
  };
}
