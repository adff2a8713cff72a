import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PayloadTooLargeError } from './asset-errors.js';

/** Content written in full to a local temporary file, with its SHA-256 (the key of its object in the store) and size. */
export interface StagedFile {
  path: string;
  contentHash: string;
  size: number;
}

/** A staged file with the name and content type it is to be kept under (from a form part or a fetched URL). */
export interface StagedUpload {
  staged: StagedFile;
  filename: string;
  contentType: string;
}

/** Hashes and counts what flows through; more than `maxBytes` fails the stream at once. */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(new PayloadTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

/**
 * Streams `source` to a new file in `dir` while hashing it, then flushes it to disk (fsync). Memory use does not
 * depend on the size: chunks pass through. On any failure the partial file is removed and the error rethrown.
 */
export async function stage(source: Readable, dir: string, maxBytes: number): Promise<StagedFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.part`);
  const meter = new Meter(maxBytes);
  // Opened here, before the pipeline: a stream opening its own file could create it after a failure removed it.
  const handle = await open(path, 'wx');
  try {
    await pipeline(source, meter, createWriteStream(path, { fd: handle, flush: true }));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await discard(path);
    throw error;
  }
  return { path, contentHash: meter.hash.digest('hex'), size: meter.size };
}

/** Removes a staged file; one already moved into place (or never written) is fine. */
export async function discard(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Removes staged files older than `maxAgeMs` that a crashed upload left behind. */
export async function sweepStaging(dir: string, maxAgeMs: number, now: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
