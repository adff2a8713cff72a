import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import { RequestLoad } from '../../../platform/http/request-load.js';
import type { RecordStores } from '../../../platform/resource/declare.js';
import { draftValidator } from '../../../platform/resource/shapes.js';
import { productResource } from '../product.resource.js';
import type { ImportWork } from './import-chunk.js';
import { productImportResource } from './product-import.resource.js';

/**
 * Rows one import chunk stores in one transaction (the embedded database serves nothing else meanwhile), and rows of
 * a piece the upload stages.
 */
export const CHUNK_ROWS = { postgres: 500, pglite: 100 } as const;
/** Tenants whose imports run at once: the embedded database has one connection. */
export const IMPORT_TENANTS = { postgres: 2, pglite: 1 } as const;

/**
 * What the import job works with, in a process whose services have started (they are read when a chunk runs);
 * `requests`: what the process is answering, to which the import gives way (none, for a test that runs chunks).
 */
export function importWork(
  db: Database,
  services: RecordStores,
  clock: Clock,
  requests = new RequestLoad(),
): ImportWork {
  const validate = draftValidator(productResource);
  return {
    db,
    clock,
    get products() {
      return services.of(productResource);
    },
    get imports() {
      return services.of(productImportResource);
    },
    validate,
    busy: () => requests.inFlight > 0,
    chunkRows: CHUNK_ROWS[db.kind],
  };
}
