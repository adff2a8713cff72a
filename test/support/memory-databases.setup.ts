import { reuseMemoryDatabases } from '../../src/platform/db/pglite-reuse.js';

/**
 * A worker runs many test files one after another: each file's in-memory database is a fresh cluster, handed on from
 * the file before it after a reset instead of created anew (src/platform/db/pglite-reuse.ts).
 */
reuseMemoryDatabases();
