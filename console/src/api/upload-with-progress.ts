import { accessToken, refreshSession } from '../auth/sign-in-flow';

export interface Upload {
  /** The API's path and query (`/product-imports?dryRun=true`). */
  path: string;
  body: Blob | FormData;
  headers?: Record<string, string>;
  /** The fraction of the body sent so far, as it goes. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The API's answer: its status and its JSON body (null when it has none). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

function send(upload: Upload, token: string | undefined): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: fetch reports no upload progress (a streamed request body needs HTTP/2 or
    // more, and the service speaks HTTP/1.1).
    const request = new XMLHttpRequest();
    request.open('POST', `${location.origin}${upload.path}`);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(upload.headers ?? {})) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) upload.onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () =>
      reject(new Error('The upload did not reach the service: check the connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    upload.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(upload.body);
  });
}

/**
 * A POST of a file with the session's bearer token, its progress reported as it is sent. A 401 on a token that
 * looked valid gets one refresh and one retry, as every other call of the console does.
 */
export async function uploadWithProgress(upload: Upload): Promise<UploadAnswer> {
  const answer = await send(upload, await accessToken());
  if (answer.status !== 401) return answer;
  const refreshed = await refreshSession();
  return refreshed ? send(upload, refreshed.accessToken) : answer;
}
