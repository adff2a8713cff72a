import { PGlite } from '@electric-sql/pglite';

const t0 = performance.now();
const db = new PGlite();
await db.waitReady;
const t1 = performance.now();
await db.query('select 1');
const blob = await db.dumpDataDir('none');
const t2 = performance.now();
const db2 = new PGlite({ loadDataDir: blob });
await db2.waitReady;
const t3 = performance.now();
const db3 = new PGlite();
await db3.waitReady;
const t4 = performance.now();
console.log(
  `new PGlite ${(t1 - t0).toFixed(0)} ms, dump ${(t2 - t1).toFixed(0)} ms (${blob.size} bytes), from dump ${(t3 - t2).toFixed(0)} ms, second fresh ${(t4 - t3).toFixed(0)} ms`,
);
