import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeJson, startTestApp, type TestApp } from '../support/test-app.js';

export interface Part {
  name: string;
  /** A file part when set. */
  filename?: string;
  /** Sent as RFC 8187 `filename*=UTF-8''...`, so the name may hold quotes and semicolons. */
  encodedFilename?: boolean;
  contentType?: string;
  data: string | Buffer;
}

/** A multipart/form-data body built by hand, so tests control every header of every part. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename =
      part.filename === undefined
        ? ''
        : part.encodedFilename
          ? `; filename*=UTF-8''${encodeURIComponent(part.filename)}`
          : `; filename="${part.filename}"`;
    const disposition = `form-data; name="${part.name}"${filename}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Content no other test uploads. */
export const uniqueContent = (label = 'content') => Buffer.from(`${label} ${randomBytes(12).toString('hex')}\n`);

export interface AssetApp {
  t: TestApp;
  dataDir: string;
  close(): Promise<void>;
}

/** An app whose DATA_DIR is a fresh temporary directory (removed at close). */
export async function startAssetApp(env: Record<string, string> = {}): Promise<AssetApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'assets-test-'));
  const t = await startTestApp({ DATA_DIR: dataDir, ...env });
  return {
    t,
    dataDir,
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function send(
  t: TestApp,
  method: 'POST' | 'DELETE',
  url: string,
  token: string | undefined,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const body = multipart(parts);
  const response = await t.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return {
    status: response.statusCode,
    body: safeJson(response.body) as any,
    headers: response.headers,
    raw: response,
  };
}

export function upload(t: TestApp, token: string | undefined, parts: Part[]) {
  return send(t, 'POST', '/assets', token, parts);
}

export function uploadFile(
  t: TestApp,
  token: string,
  data: string | Buffer,
  filename = 'file.txt',
  contentType = 'text/plain',
) {
  return upload(t, token, [{ name: 'file', filename, contentType, data }]);
}

/** Every stored file under DATA_DIR/assets (staging excluded), as paths relative to it. */
export function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'assets');
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name === '.staging') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else found.push(`${prefix}${name}`);
    }
  };
  walk(root, '');
  return found;
}

/** Files left in the staging area (should be none once a request has answered). */
export function stagedFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'assets', '.staging'));
  } catch {
    return [];
  }
}

/** The path part of a public asset URL (what the app serves). */
export const pathOf = (url: string) => new URL(url).pathname;
