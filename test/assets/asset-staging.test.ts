import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../../src/apis/assets/asset-errors.js';
import { stage, sweepStaging } from '../../src/apis/assets/asset-staging.js';
import { sha256 } from './asset-kit.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'staging-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('stage', () => {
  it('writes the stream to a file and answers its SHA-256 and size', async () => {
    const chunks = [Buffer.from('hello '), Buffer.from('world')];
    const staged = await stage(Readable.from(chunks), dir, 100);
    expect(staged).toMatchObject({ contentHash: sha256('hello world'), size: 11 });
    expect(readdirSync(dir)).toEqual([staged.path.split('/').pop()]);
  });

  it('fails with 413 past the limit and leaves no partial file', async () => {
    const error = await stage(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), dir, 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no partial file when the source fails', async () => {
    async function* broken() {
      yield Buffer.from('part');
      throw new Error('client went away');
    }
    await expect(stage(Readable.from(broken()), dir, 100)).rejects.toThrow('client went away');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('sweepStaging', () => {
  it('removes staged files older than the age given, and only those', async () => {
    const now = Date.now();
    writeFileSync(join(dir, 'old.part'), 'x');
    utimesSync(join(dir, 'old.part'), new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));
    writeFileSync(join(dir, 'fresh.part'), 'y');
    writeFileSync(join(dir, 'other.txt'), 'z');
    utimesSync(join(dir, 'other.txt'), new Date(now - 2 * 86_400_000), new Date(now - 2 * 86_400_000));
    expect(await sweepStaging(dir, 86_400_000, now)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['fresh.part', 'other.txt']);
    expect(await sweepStaging(join(dir, 'missing'), 1, now)).toBe(0);
  });
});
