import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

/** A stable 63-bit advisory-lock key per schema, so instances on one database serialise their migrations. */
export function migrationLockKey(schema: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`migrate:${schema}`).digest('hex').slice(0, 16)}`),
  ).toString();
}

export function listMigrations(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(MIGRATIONS_DIR + file, 'utf8') }));
}

/**
 * Applies the forward-only migrations not yet recorded. The transaction-scoped advisory lock makes a second
 * instance starting at the same moment wait, then find everything applied.
 */
export async function migrate(db: Database, schema: string): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const migration of listMigrations()) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      applied.push(migration.version);
    }
  });
  return applied;
}

/**
 * Splits a migration file on `;` at line ends, but not inside a dollar-quoted body (`$$ ... $$`: a trigger
 * function's statements end their lines with `;` too).
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let quoted = false;
  for (const line of sql.split('\n')) {
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}

export async function pendingMigrations(db: Database): Promise<number> {
  const done = (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
    (r) => r.version,
  );
  return listMigrations().filter((m) => !done.includes(m.version)).length;
}

/** Applied migrations this code does not have: newer code migrated the database (a rollback, a rolling deploy). */
export async function newerMigrations(db: Queryable): Promise<string[]> {
  const known = new Set(listMigrations().map((m) => m.version));
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((row) => row.version).filter((version) => !known.has(version));
}
