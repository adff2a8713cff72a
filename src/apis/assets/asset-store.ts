import type { Readable } from 'node:stream';
import type { StagedFile } from './asset-staging.js';

/**
 * The shape of an asset id and of a content hash: 64 lower-case hex digits. Ids of assets stored before migration
 * 0016 are their content's hash; later ones are random (docs/assets.md, Ownership).
 */
export const ASSET_ID = /^[0-9a-f]{64}$/;

export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where asset content lives, keyed by its SHA-256 (`hash`): one object per content, whichever owners' assets name it.
 * Implementations make content appear only once complete: a reader sees the whole object or none.
 */
export interface AssetStore {
  readonly kind: 'fs' | 's3';
  /** Stores a staged file under `hash`, unless that hash is stored already (same hash, same content). */
  put(hash: string, staged: StagedFile, contentType: string): Promise<void>;
  /** The content as a stream, or undefined when nothing is stored under `hash`. */
  get(hash: string): Promise<StoredObject | undefined>;
  /** Removes the objects; hashes that are not stored are ignored. */
  delete(hashes: readonly string[]): Promise<void>;
  exists(hash: string): Promise<boolean>;
  close(): Promise<void>;
}
