import type { FastifyBaseLogger } from 'fastify';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { OutboundClient } from '../../platform/outbound/outbound-client.js';
import { OutboundError } from '../../platform/outbound/outbound-errors.js';
import { PayloadTooLargeError } from './asset-errors.js';
import { cleanFilename, contentTypeOf, filenameFromUrl } from './asset-naming.js';
import { type StagedUpload, stage } from './asset-staging.js';

export const MAX_URL_REDIRECTS = 3;

export interface UrlSourceSettings {
  stagingDir: string;
  maxBytes: number;
  timeoutMs: number;
}

function parseSourceUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ValidationError('body.url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ValidationError(`body.url must be an http or https URL, not ${url.protocol.replace(/:$/, '')}`);
  return url;
}

function refused(error: unknown, timeoutMs: number, log: FastifyBaseLogger): unknown {
  if (!(error instanceof OutboundError)) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return new ValidationError(`body.url did not deliver the file within ${timeoutMs / 1000} s`);
    return error;
  }
  // The answer never says where a host name resolved or which address failed; the log does.
  log.info({ outbound: error.kind, detail: error.detail }, 'URL upload not fetched');
  switch (error.kind) {
    case 'refused':
      return new ValidationError(`body.url is refused by the outbound address rules: ${error.message}`);
    case 'redirects':
      return new ValidationError(
        `body.url redirects too often: ${error.message} (at most ${MAX_URL_REDIRECTS} are followed)`,
      );
    case 'timeout':
      return new ValidationError(`body.url did not deliver the file within ${timeoutMs / 1000} s`);
    default:
      return new ValidationError(`body.url could not be fetched: ${error.message}`);
  }
}

/**
 * Downloads the document at `text` into the staging area, under the outbound rules (docs/product-decisions.md §6): http(s) only,
 * at most 3 redirects, each destination checked after DNS resolution; bounded in size and in time.
 */
export async function fetchUrl(
  client: OutboundClient,
  text: string,
  settings: UrlSourceSettings,
  log: FastifyBaseLogger,
): Promise<StagedUpload> {
  const url = parseSourceUrl(text);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const response = await client.request(url, {
      maxRedirects: MAX_URL_REDIRECTS,
      signal,
      idleTimeoutMs: settings.timeoutMs,
    });
    if (response.status < 200 || response.status > 299) {
      await response.body.dump().catch(() => undefined);
      throw new ValidationError(`body.url answered HTTP ${response.status}, not a file`);
    }
    const declaredLength = Number(response.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > settings.maxBytes) {
      response.body.on('error', () => undefined).destroy();
      throw new PayloadTooLargeError(settings.maxBytes);
    }
    const filename = cleanFilename(filenameFromUrl(url) ?? filenameFromUrl(response.url), 'download');
    const declaredType = response.headers['content-type'];
    const staged = await stage(response.body, settings.stagingDir, settings.maxBytes);
    return {
      staged,
      filename,
      contentType: contentTypeOf(typeof declaredType === 'string' ? declaredType : undefined, filename),
    };
  } catch (error) {
    throw refused(error, settings.timeoutMs, log);
  }
}
