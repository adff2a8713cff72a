import type { FastifyRequest } from 'fastify';
import { DomainError, UnsupportedMediaTypeError, ValidationError } from '../../platform/errors/domain-errors.js';
import { cleanFilename, contentTypeOf } from './asset-naming.js';
import { discard, type StagedUpload, stage } from './asset-staging.js';

export const MAX_DELETE_IDS = 1000;
/** Longest `url` field of an upload form, and longest `ids` field (a comma list) of a delete form. */
export const MAX_URL_FIELD_LENGTH = 16_384;
export const MAX_FORM_FIELD_LENGTH = 65_536;
const ONE_SOURCE = 'one file per request: send either one "file" part or one "url" field';

export type UploadSource = ({ kind: 'file' } & StagedUpload) | { kind: 'url'; url: string };

/**
 * A broken multipart body (no boundary, truncated part) is the client's fault: 400. File-system faults (errno codes)
 * and our own errors pass through.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  return new ValidationError(`the multipart body is malformed: ${(error as Error).message}`);
}

/** Iterates the parts of a multipart request, turning parser failures into 400s. */
async function* partsOf(request: FastifyRequest, limits: Record<string, number>) {
  const iterator = request.parts({ limits })[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Awaited<ReturnType<typeof iterator.next>>['value']>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw asClientError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Reads the upload form: exactly one source, a `file` part (streamed to the staging area while it arrives) or a
 * `url` field. Other text fields are ignored. A second source of any kind is a 400.
 */
export async function readUploadForm(
  request: FastifyRequest,
  stagingDir: string,
  maxBytes: number,
): Promise<UploadSource> {
  if (!request.isMultipart())
    throw new UnsupportedMediaTypeError('multipart/form-data with a "file" part or a "url" field');
  let file: Extract<UploadSource, { kind: 'file' }> | undefined;
  let url: string | undefined;
  try {
    // busboy truncates a file at fileSize; one byte more than allowed lets our own meter name the limit.
    for await (const part of partsOf(request, {
      fileSize: maxBytes + 1,
      files: 2,
      fields: 20,
      fieldSize: MAX_URL_FIELD_LENGTH,
      parts: 30,
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new ValidationError(
            `body.${part.fieldname} is not a file field of this operation; send the file as "file"`,
          );
        if (file || url !== undefined) throw new ValidationError(ONE_SOURCE);
        const filename = cleanFilename(part.filename);
        const staged = await stage(part.file, stagingDir, maxBytes).catch((error: unknown) => {
          throw asClientError(error);
        });
        file = { kind: 'file', staged, filename, contentType: contentTypeOf(part.mimetype, filename) };
      } else if (part.fieldname === 'url') {
        if (file || url !== undefined) throw new ValidationError(ONE_SOURCE);
        if (part.valueTruncated)
          throw new ValidationError(`body.url must be at most ${MAX_URL_FIELD_LENGTH} characters`);
        url = String(part.value);
      } else if (part.fieldname === 'file') {
        throw new ValidationError('body.file must be a file part (with a filename in its Content-Disposition)');
      }
    }
  } catch (error) {
    if (file) await discard(file.staged.path);
    throw error;
  }
  if (file) return file;
  if (url !== undefined) return { kind: 'url', url };
  throw new ValidationError(`body must carry a "file" part or a "url" field (${ONE_SOURCE})`);
}

function idsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [String(v)] : []))
    .map((v) => v.trim())
    .filter(Boolean);
}

function checkCount(count: number): void {
  if (count > MAX_DELETE_IDS) throw new ValidationError(`body.ids must have at most ${MAX_DELETE_IDS} items`);
}

/**
 * The ids to delete: repeated multipart `ids` fields (a comma list in one field works too), or a JSON body
 * `{ids: [...]}` (validated by the route schema). More than 1000: 400.
 */
export async function readDeleteIds(request: FastifyRequest): Promise<string[]> {
  const ids: string[] = [];
  if (request.isMultipart()) {
    for await (const part of partsOf(request, {
      fields: MAX_DELETE_IDS + 10,
      fieldSize: MAX_FORM_FIELD_LENGTH,
      files: 1,
      parts: MAX_DELETE_IDS + 10,
    })) {
      if (part.type === 'file') throw new ValidationError('body.ids must be text fields, not files');
      if (part.fieldname !== 'ids') continue;
      if (part.valueTruncated)
        throw new ValidationError(`body.ids fields must be at most ${MAX_FORM_FIELD_LENGTH} characters each`);
      ids.push(...idsOf(part.value));
      checkCount(ids.length);
    }
  } else if (request.body !== undefined && request.body !== null) {
    ids.push(...idsOf((request.body as { ids?: unknown }).ids));
    checkCount(ids.length);
  } else {
    throw new UnsupportedMediaTypeError('multipart/form-data with "ids" fields, or application/json {"ids": [...]}');
  }
  if (ids.length === 0) throw new ValidationError('body.ids must name at least one asset');
  return ids;
}
