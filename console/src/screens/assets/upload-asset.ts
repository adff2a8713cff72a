import { ApiError } from '../../api/api-error';
import type { Schemas } from '../../api/client';
import { uploadWithProgress } from '../../api/upload-with-progress';

export type Asset = Schemas['Asset'];

/** Uploads a file as an asset (`POST /assets`, scope assets:write, one multipart `file`), with its progress. */
export async function uploadAsset(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Asset> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadWithProgress({ path: '/assets', body: form, onProgress, signal });
  if (answer.status === 201 || answer.status === 200) {
    onProgress(1);
    return answer.body as Asset;
  }
  const error = (answer.body ?? {}) as { message?: string };
  throw new ApiError(answer.status, error.message ?? `The upload answered ${answer.status}.`);
}
