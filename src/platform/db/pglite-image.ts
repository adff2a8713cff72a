import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's version, read from its package.json (which its exports do not name). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    } catch {
      // Not this directory: look further up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/**
 * PGlite's compiled WebAssembly and its file-system bundle, read and compiled once per process and shared by every
 * in-memory database the process opens (a test run's worker opens one per test file). Without them, PGlite reads
 * and compiles its 9 MB of WebAssembly for each database. A failure leaves PGlite to load them itself.
 */
let artifacts: Promise<{ pgliteWasmModule?: WebAssembly.Module; fsBundle?: Blob }> | undefined;

function sharedArtifacts() {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const pgliteWasmModule = await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm')));
    return { pgliteWasmModule, fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]) };
  })().catch(() => ({}));
  return artifacts;
}

/** Where this machine keeps the image of a fresh cluster, one per PGlite version. */
const imageFile = join(tmpdir(), `commerce-platform-pglite-${pgliteVersion()}.tar`);

/**
 * A new in-memory PGlite. Creating a cluster (initdb in WASM) takes seconds of CPU, paid by every test app and every
 * `memory://` start; loading the image of a fresh cluster takes a fraction of that. The first process to need one
 * writes the image (to a temporary name, then renamed, so a reader never sees half of it); an image that cannot be
 * read or loaded is made again.
 */
export async function newMemoryPglite(file = imageFile): Promise<PGlite> {
  let image: Buffer | undefined;
  try {
    image = readFileSync(file);
  } catch {
    image = undefined;
  }
  if (image) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([new Uint8Array(image)]), ...(await sharedArtifacts()) });
    } catch {
      // A damaged image: made again below.
    }
  }
  const fresh = await PGlite.create();
  try {
    const dump = await fresh.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // No image this time (a read-only temp directory): the next start creates its cluster again.
  }
  return fresh;
}
