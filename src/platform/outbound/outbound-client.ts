import { Agent, type Dispatcher, request } from 'undici';
import { guardedConnector, type OutboundTls, type Resolver } from './guarded-connector.js';
import type { OutboundAllowlist } from './outbound-allowlist.js';
import { OutboundError } from './outbound-errors.js';

export interface OutboundClientOptions {
  allowlist: OutboundAllowlist;
  /** Tests may answer host names themselves; production uses the system resolver. */
  resolve?: Resolver;
  connectTimeoutMs?: number;
  /** A client certificate to present and CAs to trust instead of the system's (a notification receiver's TLS configuration). */
  tls?: OutboundTls;
}

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** A re-sendable body (a redirect may send it again). */
  body?: string | Buffer;
  /** Redirects followed at most (each one checked like the first request); more is an error. Default 0. */
  maxRedirects?: number;
  /** Ends the whole exchange, body included (e.g. `AbortSignal.timeout(ms)`). */
  signal?: AbortSignal;
  /** Longest wait for response headers, and between two body chunks. */
  idleTimeoutMs?: number;
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
  redirects: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('scheme', `only http and https URLs may be fetched, not ${url.protocol.replace(/:$/, '')}`);
  if (url.username || url.password)
    throw new OutboundError('scheme', 'URLs with credentials (user:password@) are not fetched');
}

/** A network error names the address it tried (`connect ECONNREFUSED 10.1.2.3:80`): only its code is shown. */
function unreachable(url: URL, error: unknown): OutboundError {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const shown = code && /^[A-Z_]{2,40}$/.test(code) ? ` (${code})` : '';
  return new OutboundError(
    'unreachable',
    `could not reach ${url.host}${shown}`,
    `could not reach ${url.host}: ${(error as Error).message}`,
  );
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** undici's timeouts, and `AbortSignal.timeout`'s reason (a DOMException named TimeoutError, whose `code` is the number 23). */
function timeoutOf(error: unknown): OutboundError | undefined {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (TIMEOUT_CODES.has(String(code)) || name === 'TimeoutError') {
    return new OutboundError('timeout', 'the remote server did not answer in time');
  }
  return undefined;
}

/**
 * HTTP(S) requests to addresses outside the platform, under the outbound rules of docs/product-decisions.md §6: every connection
 * (the first and each redirect's) goes through the guarded connector, so loopback, private, link-local and metadata
 * addresses are refused before any packet is sent to them, unless allow-listed.
 */
export class OutboundClient {
  private readonly agent: Agent;

  constructor(options: OutboundClientOptions) {
    this.agent = new Agent({ connect: guardedConnector(options), keepAliveTimeout: 4_000 });
  }

  async request(target: string | URL, init: OutboundRequest = {}): Promise<OutboundResponse> {
    let url = typeof target === 'string' ? parseUrl(target) : target;
    let method = init.method ?? 'GET';
    let body = init.body;
    const headers = { ...init.headers };
    const maxRedirects = init.maxRedirects ?? 0;
    for (let redirects = 0; ; redirects += 1) {
      checkScheme(url);
      const response = await this.send(url, method, headers, body, init).catch((error: unknown) => {
        if (redirects === 0 || !(error instanceof OutboundError)) throw error;
        const hop = `redirect ${redirects} to ${url.href}`;
        throw new OutboundError(error.kind, `${hop}: ${error.message}`, `${hop}: ${error.detail}`);
      });
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode) || typeof location !== 'string') {
        return { url, status: response.statusCode, headers: response.headers, body: response.body, redirects };
      }
      await response.body.dump().catch(() => undefined);
      if (redirects >= maxRedirects)
        throw new OutboundError('redirects', `more than ${maxRedirects} redirect${maxRedirects === 1 ? '' : 's'}`);
      const next = parseUrl(location, url);
      if (next.origin !== url.origin) delete headers.authorization;
      if (
        response.statusCode === 303 ||
        ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
      ) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
      }
      url = next;
    }
  }

  private async send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    init: OutboundRequest,
  ) {
    try {
      return await request(url, {
        dispatcher: this.agent,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal: init.signal,
        headersTimeout: init.idleTimeoutMs ?? 30_000,
        bodyTimeout: init.idleTimeoutMs ?? 30_000,
      });
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof OutboundError) throw cause;
      throw (
        timeoutOf(error) ??
        (init.signal?.aborted ? timeoutOf(init.signal.reason) : undefined) ??
        unreachable(url, error)
      );
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new OutboundError('scheme', `${JSON.stringify(text.slice(0, 200))} is not a valid URL`);
  }
}
