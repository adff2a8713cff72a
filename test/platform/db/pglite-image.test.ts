import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newMemoryPglite } from '../../../src/platform/db/pglite-image.js';

const dir = mkdtempSync(join(tmpdir(), 'pglite-image-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function usable(file: string): Promise<void> {
  const pg = await newMemoryPglite(file);
  try {
    await pg.exec('CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1), (2)');
    expect((await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n).toBe(2);
  } finally {
    await pg.close();
  }
}

describe('in-memory PGlite from the image of a fresh cluster', () => {
  it('writes the image on first use, and later databases start from it empty and usable', async () => {
    const file = join(dir, 'fresh.tar');
    await usable(file);
    const written = statSync(file);
    expect(written.size).toBeGreaterThan(1_000_000);
    // A table created in the first database is not in the image: each database starts empty.
    await usable(file);
    expect(statSync(file).mtimeMs).toBe(written.mtimeMs);
  });

  it('makes a damaged image again instead of failing', async () => {
    const file = join(dir, 'damaged.tar');
    writeFileSync(file, 'not a tar archive');
    await usable(file);
    expect(readFileSync(file).length).toBeGreaterThan(1_000_000);
    await usable(file);
  });
});
