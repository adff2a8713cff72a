import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Promise<Database> {
  const { databaseUrl, databaseSchema } = config;
  if (databaseUrl === undefined) return openPgliteDatabase(join(config.dataDir, 'pgdata'), databaseSchema);
  if (databaseUrl === 'memory://') return openPgliteDatabase(undefined, databaseSchema);
  return openPostgresDatabase(databaseUrl, databaseSchema);
}
