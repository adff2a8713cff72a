import { ApiError } from '../../api/api-error';
import type { Schemas } from '../../api/client';
import { uploadWithProgress } from '../../api/upload-with-progress';
import { type ImportFormat, type ImportMode, MEDIA_TYPES } from './import-file';
import type { ProductImport } from './import-queries';

export interface ImportRequest {
  file: File;
  format: ImportFormat;
  mode: ImportMode;
  dryRun: boolean;
  /** The owner the operator names; a customer's token imports into its own catalogue. */
  customerId: string | undefined;
}

type Detail = Schemas['DetailedError']['details'][number];

function isImport(body: unknown): body is ProductImport {
  return body !== null && typeof body === 'object' && 'id' in body && 'status' in body;
}

/**
 * Sends the file to `POST /product-imports` as its body, reporting the fraction sent. The answer is the QUEUED import
 * (202); the job then reads its rows. An Idempotency-Key per upload: a retry of the same upload answers its import.
 */
export async function uploadImport(
  request: ImportRequest,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ProductImport> {
  const query = new URLSearchParams({ mode: request.mode, dryRun: String(request.dryRun) });
  if (request.customerId) query.set('customerId', request.customerId);
  const answer = await uploadWithProgress({
    path: `/product-imports?${query}`,
    body: request.file,
    headers: { 'content-type': MEDIA_TYPES[request.format], 'idempotency-key': crypto.randomUUID() },
    onProgress,
    signal,
  });
  if (answer.status === 202 && isImport(answer.body)) {
    onProgress(1);
    return answer.body;
  }
  const error = (answer.body ?? {}) as { message?: string; details?: Detail[] };
  throw new ApiError(answer.status, error.message ?? `The upload answered ${answer.status}.`, error.details ?? []);
}
