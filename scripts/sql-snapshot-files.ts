import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyResourceKind } from '../src/platform/resource/declare/kind.js';
import { sqlSnapshot } from '../src/platform/resource/sql/sql-snapshot.js';
import {
  isRepository,
  REPOSITORY_SNAPSHOTS_DIR,
  repositorySnapshot,
  snapshotName,
  sourceFiles,
} from './repository-sql.js';

/**
 * Every SQL snapshot and where it lives: the SQL the engine generates for each kind the service declares in
 * docs/sql/<kind>.md, for the engine's test kinds beside their tests (they are no product), and each repository's
 * hand-written SQL in docs/sql/repositories/<name>.md. `npm run sql:snapshots` writes them; a test compares.
 */
export const KIND_SNAPSHOTS_DIR = 'docs/sql';
export const TEST_KIND_SNAPSHOTS_DIR = 'test/platform/resource/sql';
export const SNAPSHOT_DIRS = [KIND_SNAPSHOTS_DIR, TEST_KIND_SNAPSHOTS_DIR, REPOSITORY_SNAPSHOTS_DIR];

/** File → content of every snapshot, for these kinds (`testKinds`: names of the engine's test kinds). */
export function expectedSnapshots(
  definitions: readonly AnyResourceKind[],
  testKinds: readonly string[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const definition of definitions) {
    const dir = testKinds.includes(definition.name) ? TEST_KIND_SNAPSHOTS_DIR : KIND_SNAPSHOTS_DIR;
    files.set(join(dir, `${definition.name}.md`), sqlSnapshot(definition));
  }
  for (const file of sourceFiles().filter(isRepository)) {
    const target = join(REPOSITORY_SNAPSHOTS_DIR, snapshotName(file));
    if (files.has(target)) throw new Error(`two repositories are named ${snapshotName(file)}: rename one`);
    files.set(target, repositorySnapshot(file));
  }
  return files;
}

/** The snapshot files on disk now (the `.md` files of the snapshot folders). */
export function snapshotsOnDisk(): string[] {
  return SNAPSHOT_DIRS.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.md'))
          .map((file) => join(dir, file))
      : [],
  ).sort();
}
