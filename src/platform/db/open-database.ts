import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { CallbackErrorReporter, Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase, openPostgresReader } from './postgres-database.js';
import { type FreshnessReport, ReplicaFreshness } from './replica-freshness.js';
import { ReplicatedDatabase } from './replica-reads.js';

type DatabaseSettings = Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseSchema' | 'databasePreparedStatements'> &
  Partial<Pick<Config, 'databaseReplicaUrl' | 'replicaMaxLagMs'>>;

/**
 * `onCallbackError` hears of after-commit work that failed (the change itself is committed); `onReplicaChange` of a
 * read replica (DATABASE_REPLICA_URL) that stops or starts serving reads.
 */
export async function openDatabase(
  config: DatabaseSettings,
  onCallbackError: CallbackErrorReporter,
  onReplicaChange: FreshnessReport = () => undefined,
): Promise<Database> {
  const { databaseUrl, databaseSchema } = config;
  if (databaseUrl === undefined)
    return openPgliteDatabase(join(config.dataDir, 'pgdata'), databaseSchema, onCallbackError);
  if (databaseUrl === 'memory://') return openPgliteDatabase(undefined, databaseSchema, onCallbackError);
  const options = { preparedStatements: config.databasePreparedStatements };
  const primary = await openPostgresDatabase(databaseUrl, databaseSchema, onCallbackError, options);
  if (config.databaseReplicaUrl === undefined) return primary;
  const replica = openPostgresReader(config.databaseReplicaUrl, databaseSchema, options);
  // Positions are polled on connections of their own: a poll queued behind busy pools would make the lag look longer.
  const polled = { preparedStatements: false, poolSize: 1 };
  const freshness = new ReplicaFreshness(
    openPostgresReader(databaseUrl, databaseSchema, polled),
    openPostgresReader(config.databaseReplicaUrl, databaseSchema, polled),
    config.replicaMaxLagMs ?? 1000,
    onReplicaChange,
  );
  freshness.start();
  return new ReplicatedDatabase(primary, replica, freshness);
}
