import type { FastifyBaseLogger } from 'fastify';
import type { ApiModule } from './apis/api-module.js';
import { serviceModules } from './apis/index.js';
import { type StartedApis, startApis } from './apis/start-apis.js';
import type { Config } from './config.js';
import type { Clock } from './platform/clock.js';
import { DataEncryption } from './platform/crypto/data-encryption.js';
import { loadDataEncryptionKey } from './platform/crypto/data-encryption-key.js';
import type { Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { openDatabase } from './platform/db/open-database.js';
import { RequestLoad } from './platform/http/request-load.js';
import { ServiceRegistry } from './platform/resource/index.js';

/** What every process of the service starts, the server and `npm run worker` alike. */
export interface ProcessServices {
  db: Database;
  apis: StartedApis;
}

export interface ServicesOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  /** APIs started besides the product's (tests declare kinds of their own). */
  extraModules?: ApiModule[];
}

/**
 * The database (migrated), the data encryption key and every module started: the services registry of the kinds,
 * the IAM, the outbound clients, the jobs' declarations. No HTTP: the server adds routes, the worker only runs jobs.
 */
export async function startServices(config: Config, options: ServicesOptions): Promise<ProcessServices> {
  const { clock, log } = options;
  for (const notice of config.notices) log.warn(notice);
  const db = await openDatabase(
    config,
    (error) => log.error({ err: error }, 'after-commit work failed'),
    (change, reason) =>
      change === 'serving'
        ? log.info('the read replica serves read-only requests')
        : log.warn(
            { err: reason },
            'the read replica is not serving (down, or behind the primary by more than REPLICA_MAX_LAG): reads go to the primary',
          ),
  );
  try {
    await migrate(db, config.databaseSchema);
    const key = loadDataEncryptionKey(config);
    if (key.warning) log.warn(key.warning);
    const encryption = new DataEncryption(key.key);
    const platform = {
      db,
      config,
      log,
      clock,
      services: new ServiceRegistry(),
      encryption,
      requests: new RequestLoad(),
    };
    const apis = await startApis(platform, [...serviceModules, ...(options.extraModules ?? [])]);
    return { db, apis };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
