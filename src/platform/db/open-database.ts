import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { CallbackErrorReporter, Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** `onCallbackError` hears of after-commit work that failed (the change itself is committed). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema' | 'databasePreparedStatements'>,
  onCallbackError: CallbackErrorReporter,
): Promise<Database> {
  const { databaseUrl, databaseSchema } = config;
  if (databaseUrl === undefined)
    return openPgliteDatabase(join(config.dataDir, 'pgdata'), databaseSchema, onCallbackError);
  if (databaseUrl === 'memory://') return openPgliteDatabase(undefined, databaseSchema, onCallbackError);
  return openPostgresDatabase(databaseUrl, databaseSchema, onCallbackError, {
    preparedStatements: config.databasePreparedStatements,
  });
}
