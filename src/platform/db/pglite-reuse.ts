import type { PGlite } from '@electric-sql/pglite';
import { newMemoryPglite } from './pglite-image.js';

/**
 * In-memory databases handed on, within one process, from an app that closed to the next app that opens one, reset
 * to a fresh cluster in between. A test run's worker opens one per test file, and creating one (WebAssembly start, a
 * 40 MB cluster image unpacked) was most of a test app's start. Off unless `reuseMemoryDatabases()` is called: the
 * tests' setup calls it; a server process never does.
 *
 * A database is handed on only when, after the reset, its catalogue counts are those of a fresh cluster (schemas,
 * relations, types, functions, roles, extensions, ...); otherwise it is closed and the next open creates one. After
 * `maxUses` uses it is closed too, so the dead catalogue rows of dropped schemas never pile up; at most `maxIdle` wait.
 */
export class MemoryClusters {
  private readonly idle: PGlite[] = [];
  private readonly uses = new WeakMap<PGlite, number>();
  private fresh: Promise<string> | undefined;

  constructor(private readonly limits = { maxUses: 20, maxIdle: 2 }) {}

  /** A fresh in-memory cluster: one handed on, else a new one. */
  async take(): Promise<PGlite> {
    const reused = this.idle.pop();
    if (reused) return reused;
    const pg = await newMemoryPglite();
    // The catalogue of a cluster no one has used yet: what a reset must give back.
    this.fresh ??= catalogueSignature(pg);
    await this.fresh;
    return pg;
  }

  /** Resets `pg` and keeps it for the next `take`, or closes it. No query of its last user may be running. */
  async release(pg: PGlite): Promise<void> {
    const used = (this.uses.get(pg) ?? 0) + 1;
    if (this.fresh && used < this.limits.maxUses && this.idle.length < this.limits.maxIdle) {
      try {
        await resetToFreshCluster(pg);
        if ((await catalogueSignature(pg)) === (await this.fresh)) {
          this.uses.set(pg, used);
          this.idle.push(pg);
          return;
        }
      } catch {
        // Not reusable (a transaction left open, a schema that would not drop): closed below.
      }
    }
    await pg.close();
  }
}

let shared: MemoryClusters | undefined;

/** From now on, the in-memory databases this process opens are handed on (the tests' setup calls it). */
export function reuseMemoryDatabases(): void {
  shared ??= new MemoryClusters();
}

/** A new in-memory cluster, or one handed on when reuse is on. */
export function takeMemoryPglite(): Promise<PGlite> {
  return shared ? shared.take() : newMemoryPglite();
}

/** Closes an in-memory cluster, or keeps it for the next open when reuse is on. */
export function releaseMemoryPglite(pg: PGlite): Promise<void> {
  return shared ? shared.release(pg) : pg.close();
}

/** Drops every schema but the system's, recreates `public` as initdb leaves it, and resets the session. */
async function resetToFreshCluster(pg: PGlite): Promise<void> {
  await pg.exec('DISCARD ALL');
  const { rows } = await pg.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
  );
  const drops = rows.map((row) => `DROP SCHEMA "${row.name.replace(/"/g, '""')}" CASCADE;`).join('\n');
  await pg.exec(`${drops}
    CREATE SCHEMA public AUTHORIZATION pg_database_owner;
    GRANT USAGE ON SCHEMA public TO PUBLIC;`);
}

/** What must be as initdb left it: the catalogue's row counts and the schemas with their owners and privileges. */
async function catalogueSignature(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ signature: string }>(`SELECT concat_ws(' ',
      (SELECT string_agg(nspname || '/' || nspowner::regrole::text || '/' || coalesce(nspacl::text, ''), ',' ORDER BY nspname) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'),
      (SELECT count(*) FROM pg_class WHERE relpersistence <> 't'), (SELECT count(*) FROM pg_type), (SELECT count(*) FROM pg_proc),
      (SELECT count(*) FROM pg_authid), (SELECT count(*) FROM pg_database), (SELECT count(*) FROM pg_extension),
      (SELECT count(*) FROM pg_event_trigger), (SELECT count(*) FROM pg_largeobject_metadata), (SELECT count(*) FROM pg_publication),
      (SELECT count(*) FROM pg_foreign_server), (SELECT count(*) FROM pg_collation), (SELECT count(*) FROM pg_ts_config),
      (SELECT count(*) FROM pg_db_role_setting), (SELECT count(*) FROM pg_default_acl),
      current_setting('search_path'), current_user) AS signature`);
  return rows[0]!.signature;
}
