import { ApiError } from '../../api/api-error';
import type { Schemas } from '../../api/client';
import { accessToken, refreshSession } from '../../auth/sign-in-flow';

export type Asset = Schemas['Asset'];

/** One multipart `file` upload, with the fraction sent so far reported as it goes, and cancellable. */
function send(
  file: File,
  token: string | undefined,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: fetch reports no upload progress (a streamed request body needs HTTP/2 or
    // more, and the service speaks HTTP/1.1).
    const request = new XMLHttpRequest();
    request.open('POST', `${location.origin}/assets`);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () =>
      reject(new Error('The upload did not reach the service: check the connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * Uploads a file as an asset (`POST /assets`, scope assets:write) with the session's bearer token. A 401 on a token
 * that looked valid gets one refresh and one retry, as every other call of the console does.
 */
export async function uploadAsset(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Asset> {
  let answer = await send(file, await accessToken(), onProgress, signal);
  if (answer.status === 401) {
    const refreshed = await refreshSession();
    if (refreshed) answer = await send(file, refreshed.accessToken, onProgress, signal);
  }
  if (answer.status === 201 || answer.status === 200) {
    onProgress(1);
    return answer.body as Asset;
  }
  const error = (answer.body ?? {}) as { message?: string };
  throw new ApiError(answer.status, error.message ?? `The upload answered ${answer.status}.`);
}
