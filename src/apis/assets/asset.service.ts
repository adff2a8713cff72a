import type { Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { recordChange } from '../../platform/events/outbox.js';
import type { Page } from '../../platform/registry/resource-service.js';
import { pageOf } from '../../platform/registry/resource-service.js';
import { isStorableText } from '../../platform/registry/storable-text.js';
import type { AssetRow } from './asset.repository.js';
import * as repository from './asset.repository.js';
import type { AssetView, DeleteOutcome, ListedAsset } from './asset.schema.js';
import { discard, type StagedUpload } from './asset-staging.js';
import { ASSET_ID, type AssetStore, type StoredObject } from './asset-store.js';

export const ASSET_SUBJECT = 'asset';

/**
 * Asset rules: content is stored once per id (its SHA-256) and described by one metadata row. The object is put
 * first (idempotent, possibly slow), then, under a per-id lock shared with deletes, the row is written and the object
 * checked again, so an upload racing a delete of the same content always ends with both row and object, or neither.
 */
export class AssetService {
  constructor(
    private readonly db: Database,
    readonly store: AssetStore,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock,
  ) {}

  urlOf(id: string, filename: string): string {
    return `${this.publicBaseUrl}/assets/${id}/${encodeURIComponent(filename)}`;
  }

  private view(row: AssetRow): AssetView {
    return {
      id: row.id,
      url: this.urlOf(row.id, row.filename),
      filename: row.filename,
      contentType: row.contentType,
      size: row.size,
    };
  }

  /** The asset as listed: also what its events carry (the owner is the event's `customerId`). */
  private listed(row: AssetRow): ListedAsset {
    return { ...this.view(row), createDate: row.createDate };
  }

  /**
   * Keeps staged content as an asset. Content stored before keeps its first metadata (file name, content type):
   * the answer describes the existing asset, at its existing location. The staged file is always removed.
   */
  async keep(
    principal: Principal,
    { staged, filename, contentType }: StagedUpload,
    options: { private?: boolean } = {},
  ): Promise<AssetView> {
    try {
      await this.store.put(staged.id, staged, contentType);
      return await this.db.transaction(async (tx) => {
        await repository.lockAssetIds(tx, [staged.id]);
        const candidate: AssetRow = {
          id: staged.id,
          filename,
          contentType,
          size: staged.size,
          customerId: principal.customerId ?? null,
          createDate: this.clock.now().toISOString(),
          private: options.private ?? false,
        };
        const { row, created } = await repository.insertAsset(tx, candidate);
        // A delete of the same content may have run since the put above; the lock makes this check final.
        if (!(await this.store.exists(staged.id))) await this.store.put(staged.id, staged, row.contentType);
        if (created)
          await recordChange(tx, {
            fact: 'created',
            occurredAt: this.clock.now(),
            subject: ASSET_SUBJECT,
            customerId: row.customerId,
            before: undefined,
            after: this.listed(row),
          });
        return this.view(row);
      });
    } finally {
      await discard(staged.path);
    }
  }

  /** A page of assets; a `customerId` no customer can have (NUL, unpaired surrogate) matches nothing. */
  async list(page: number, size: number, customerId?: string): Promise<Page<ListedAsset>> {
    if (customerId !== undefined && !isStorableText(customerId)) return pageOf([], page, size, 0);
    const { rows, total } = await repository.listAssets(this.db, page, size, customerId);
    return pageOf(
      rows.map((row) => this.listed(row)),
      page,
      size,
      total,
    );
  }

  /** Deletes the assets (metadata and content) of these ids; unknown and malformed ids are reported, not an error. */
  async delete(ids: readonly string[]): Promise<DeleteOutcome> {
    const wanted = [...new Set(ids)];
    const valid = wanted.filter((id) => ASSET_ID.test(id));
    const removed = await this.db.transaction(async (tx) => {
      if (valid.length === 0) return [];
      await repository.lockAssetIds(tx, valid);
      const rows = await repository.deleteAssets(tx, valid);
      for (const row of rows) {
        const record = this.listed(row);
        await recordChange(tx, {
          fact: 'deleted',
          occurredAt: this.clock.now(),
          subject: ASSET_SUBJECT,
          customerId: row.customerId,
          before: record,
          after: record,
        });
      }
      // The objects go last, once every database write has succeeded, so that only the commit can still fail after
      // them. Objects without a row (an upload that died before its row was written) go as well.
      await this.store.delete(valid);
      return rows;
    });
    const deleted = new Set(removed.map((row) => row.id));
    return { deleted: wanted.filter((id) => deleted.has(id)), notFound: wanted.filter((id) => !deleted.has(id)) };
  }

  /** The metadata of one asset, or 404 (a malformed id is simply not found). */
  async describe(id: string): Promise<AssetRow> {
    const asset = ASSET_ID.test(id) ? await repository.findAsset(this.db, id) : undefined;
    if (!asset) throw new NotFoundError('asset', id.slice(0, 100));
    return asset;
  }

  /** The stored content of an asset, or 404 when the store has lost it. */
  async content(asset: AssetRow): Promise<StoredObject> {
    const content = await this.store.get(asset.id);
    if (!content) throw new NotFoundError('asset content', asset.id);
    return content;
  }
}
