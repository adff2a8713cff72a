import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { StagedFile } from './asset-staging.js';
import { ASSET_ID, type AssetStore, type StoredObject } from './asset-store.js';

/** fsync a directory so a rename into it survives a crash; not every platform allows it, which is fine. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/** Copies `from` to `to` atomically: a fsynced temporary file beside `to`, renamed into place. */
async function copyAtomically(from: string, to: string): Promise<void> {
  const temporary = `${to}.${randomUUID()}.part`;
  try {
    await copyFile(from, temporary);
    const handle = await open(temporary, 'r+');
    await handle.sync().finally(() => handle.close());
    await rename(temporary, to);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Assets as files under `root` (DATA_DIR/assets), sharded by the first hex digits of the id: `ab/cd/abcd...`.
 * The staged file was written and fsynced beside it (same file system), so a hard link puts the complete file in
 * place atomically and never replaces an existing one; the staged name stays usable until the caller discards it.
 */
export class FsAssetStore implements AssetStore {
  readonly kind = 'fs' as const;

  constructor(readonly root: string) {}

  pathOf(id: string): string {
    // Ids come from the service, which checks them; this keeps any other path out of the store all the same.
    if (!ASSET_ID.test(id)) throw new Error(`not an asset id: ${JSON.stringify(id)}`);
    return join(this.root, id.slice(0, 2), id.slice(2, 4), id);
  }

  async put(id: string, staged: StagedFile): Promise<void> {
    const target = this.pathOf(id);
    if (await this.exists(id)) return;
    await mkdir(dirname(target), { recursive: true });
    try {
      await link(staged.path, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      // File systems without hard links (or a staging directory elsewhere): copy, then rename into place.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      await copyAtomically(staged.path, target);
    }
    await syncDirectory(dirname(target));
  }

  async get(id: string): Promise<StoredObject | undefined> {
    const path = this.pathOf(id);
    // Open first, then stat the open file: a concurrent delete cannot leave a size without content.
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      await unlink(this.pathOf(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }

  async exists(id: string): Promise<boolean> {
    return stat(this.pathOf(id)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async close(): Promise<void> {}
}
