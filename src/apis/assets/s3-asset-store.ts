import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import type { StagedFile } from './asset-staging.js';
import { ASSET_ID, type AssetStore, type StoredObject } from './asset-store.js';

const DELETE_BATCH = 1000;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404)
  );
}

/**
 * Assets as objects in an S3-compatible bucket under `<keyPrefix><id>`. A PutObject becomes visible only when
 * complete, so no reader sees part of an object. The content is sent from the staged file with its length, never
 * buffered in memory.
 */
export class S3AssetStore implements AssetStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
    this.client = new S3Client({
      region,
      forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // S3-compatible servers do not all know the newer flexible checksums; send them only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(id: string): string {
    if (!ASSET_ID.test(id)) throw new Error(`not an asset id: ${JSON.stringify(id)}`);
    return `${this.settings.keyPrefix}${id}`;
  }

  async put(id: string, staged: StagedFile, contentType: string): Promise<void> {
    if (await this.exists(id)) return;
    const body = createReadStream(staged.path);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(id),
          Body: body,
          ContentLength: staged.size,
          ContentType: contentType,
        }),
      );
    } finally {
      // A failed request may never read the stream, which would keep its file descriptor open.
      body.destroy();
    }
  }

  async get(id: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(ids: readonly string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += DELETE_BATCH) {
      const batch = ids.slice(start, start + DELETE_BATCH).map((id) => ({ Key: this.key(id) }));
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch, Quiet: true } }),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(
          `S3 could not delete ${failed.length} object(s): ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`.trim(),
        );
    }
  }

  async exists(id: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
