import { randomBytes } from 'node:crypto';
import type { Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { recordChange } from '../../platform/events/outbox.js';
import type { Page } from '../../platform/resource/declare.js';
import { pageOf } from '../../platform/resource/declare.js';
import { isStorableText } from '../../platform/resource/documents.js';
import type { AssetRow } from './asset.repository.js';
import * as repository from './asset.repository.js';
import type { AssetView, DeleteOutcome, ListedAsset } from './asset.schema.js';
import { discard, type StagedUpload } from './asset-staging.js';
import { ASSET_ID, type AssetStore, type StoredObject } from './asset-store.js';

export const ASSET_SUBJECT = 'asset';

/**
 * A new asset's id: random, so that holding the bytes (and knowing who might own them) never leads to someone
 * else's asset; the same owner's re-upload finds its asset by content instead (DECISIONS §11).
 */
function newAssetId(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Asset rules: an asset is its owner's row, found again by owner and content; the content is stored once per SHA-256
 * whoever owns it. The object is put first (idempotent, possibly slow), then, under a per-content lock shared with
 * deletes, the row is written and the object checked again, so an upload racing a delete of the same content always
 * ends with both row and object, or neither.
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

  /** The asset as listed: also what its events carry (the owner is the event's `customerId` too). */
  private listed(row: AssetRow): ListedAsset {
    return {
      ...this.view(row),
      ...(row.customerId === null ? {} : { customerId: row.customerId }),
      createDate: row.createDate,
    };
  }

  /**
   * Keeps staged content as an asset of the principal's customer (the operator's without one). Content that owner
   * stored before keeps its first metadata (file name, content type): the answer describes that asset, at its
   * existing location. Another owner's asset of the same content is never looked at. The staged file is always removed.
   */
  async keep(
    principal: Principal,
    { staged, filename, contentType }: StagedUpload,
    options: { private?: boolean } = {},
  ): Promise<AssetView> {
    try {
      const hash = staged.contentHash;
      await this.store.put(hash, staged, contentType);
      return await this.db.transaction(async (tx) => {
        await repository.lockContent(tx, [hash]);
        const candidate: AssetRow = {
          id: newAssetId(),
          contentHash: hash,
          filename,
          contentType,
          size: staged.size,
          customerId: principal.customerId ?? null,
          createDate: this.clock.now().toISOString(),
          private: options.private ?? false,
        };
        const { row, created } = await repository.insertAsset(tx, candidate);
        // A delete of the same content may have run since the put above; the lock makes this check final.
        if (!(await this.store.exists(hash))) await this.store.put(hash, staged, row.contentType);
        if (created)
          await recordChange(tx, {
            fact: 'created',
            occurredAt: this.clock.now(),
            subject: ASSET_SUBJECT,
            customerId: row.customerId,
            before: undefined,
            after: this.listed(row),
            by: principal,
          });
        return this.view(row);
      });
    } finally {
      await discard(staged.path);
    }
  }

  /**
   * A page of the assets the principal may see: the operator's listing holds every owner's, a customer's its own
   * (and those of its `authorizedCustomers`). `customerId` keeps one owner's; one the principal may not see, or no
   * customer can have (NUL, unpaired surrogate), matches nothing.
   */
  async list(principal: Principal, page: number, size: number, customerId?: string): Promise<Page<ListedAsset>> {
    const visible = principal.isOperator ? undefined : principal.tenantIds;
    let owners = visible;
    if (customerId !== undefined) {
      const allowed = isStorableText(customerId) && (visible === undefined || visible.includes(customerId));
      owners = allowed ? [customerId] : [];
    }
    if (owners?.length === 0) return pageOf([], page, size, 0);
    const { rows, total } = await repository.listAssets(this.db, page, size, owners);
    return pageOf(
      rows.map((row) => this.listed(row)),
      page,
      size,
      total,
    );
  }

  /**
   * Deletes the assets of these ids (their rows, and each stored object no other asset still holds); unknown and
   * malformed ids are reported, not an error. A valid id that names no asset but a stored object no asset holds (an
   * upload that died before its row was written) removes that object.
   */
  async delete(principal: Principal, ids: readonly string[]): Promise<DeleteOutcome> {
    const wanted = [...new Set(ids)];
    const valid = wanted.filter((id) => ASSET_ID.test(id));
    const removed = await this.db.transaction(async (tx) => {
      if (valid.length === 0) return [];
      const hashes = [...new Set([...(await repository.contentHashesOf(tx, valid)), ...valid])];
      await repository.lockContent(tx, hashes);
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
          by: principal,
        });
      }
      // Content another owner's asset still holds stays. The objects go last, once every database write has
      // succeeded, so that only the commit can still fail after them.
      const inUse = await repository.contentHashesInUse(tx, hashes);
      await this.store.delete(hashes.filter((hash) => !inUse.has(hash)));
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
    const content = await this.store.get(asset.contentHash);
    if (!content) throw new NotFoundError('asset content', asset.id);
    return content;
  }
}
