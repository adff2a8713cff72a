import type { Readable } from 'node:stream';
import type { StagedFile } from './asset-staging.js';

/** An asset id: the SHA-256 of the content, in lower-case hex. */
export const ASSET_ID = /^[0-9a-f]{64}$/;

export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where asset content lives, keyed by its id (the SHA-256 of the content). Implementations make content appear
 * only once complete: a reader sees the whole object or none.
 */
export interface AssetStore {
  readonly kind: 'fs' | 's3';
  /** Stores a staged file under `id`, unless that id is stored already (same id, same content). */
  put(id: string, staged: StagedFile, contentType: string): Promise<void>;
  /** The content as a stream, or undefined when nothing is stored under `id`. */
  get(id: string): Promise<StoredObject | undefined>;
  /** Removes the objects; ids that are not stored are ignored. */
  delete(ids: readonly string[]): Promise<void>;
  exists(id: string): Promise<boolean>;
  close(): Promise<void>;
}
