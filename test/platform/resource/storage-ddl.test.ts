import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiModule } from '../../../src/apis/api-module.js';
import { apiModules } from '../../../src/apis/index.js';
import { subscriptionResource } from '../../../src/apis/subscriptions/subscription.resource.js';
import { termsResource } from '../../../src/apis/terms/terms.resource.js';
import { splitStatements } from '../../../src/platform/db/migrate.js';
import type { AnyResourceDefinition } from '../../../src/platform/resource/declare/resource-definition.js';
import { RECORD_COLUMNS } from '../../../src/platform/resource/sql/statements.js';
import { migrationText, pendingStorage, StorageConflict } from '../../../src/platform/resource/sql/storage-ddl.js';
import { checkStorage, storageObjects } from '../../../src/platform/resource/sql/storage-objects.js';
import { dropSchema, type MigratedDatabase, migratedDatabase } from '../../support/migrated-database.js';
import { startTestApp } from '../../support/test-app.js';
import { widgetResource } from './widget.resource.js';

/**
 * Migrations are the only writer of the schema: every kind an API module declares finds its storage in the migrations,
 * exactly as declared. Checked on a fresh database per DATABASE_URL (PGlite, or a schema of its own on PostgreSQL),
 * for every declared kind, so a kind added tomorrow is checked too.
 */
const declared = apiModules.flatMap((module) => module.kinds);
let fresh: MigratedDatabase;
beforeAll(async () => {
  fresh = await migratedDatabase();
});
afterAll(() => fresh?.drop());

const refuse = (message: string) => {
  throw new Error(`no warning expected: ${message}`);
};

/** A test-only kind with every storage feature, on a table of its own. */
const widgetOn = (table: string, changes: Partial<AnyResourceDefinition> = {}): AnyResourceDefinition => ({
  ...widgetResource,
  name: table.replace(/_/g, '-'),
  table,
  ...changes,
});

/** Applies a migration as `migrate` does: the file's text, split into its statements. */
async function applyMigration(text: string): Promise<void> {
  for (const statement of splitStatements(text)) await fresh.db.query(statement);
}

describe('the migrations and the declared kinds (npm run migrations:generate)', () => {
  it('leave nothing for the generator to write, and the start-up check finds every kind stored', async () => {
    expect(declared.length).toBeGreaterThanOrEqual(15);
    expect(await pendingStorage(fresh.db, declared)).toEqual([]);
    await checkStorage(fresh.db, declared, refuse);
  });

  it.each(declared.map((kind) => [kind.name, kind] as const))(
    'create what kind %s declares: its tables, columns and indexes as declared, its keys from its filters',
    async (_, kind) => {
      expect(await pendingStorage(fresh.db, [kind])).toEqual([]);
      const { rows } = await fresh.db.query<{ column_name: string; type: string }>(
        `SELECT a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
        [kind.table],
      );
      const types = new Map(rows.map((row) => [row.column_name, row.type]));
      // The engine's shared column list (RECORD_COLUMNS), which jobs' own statements write by, is what the table holds.
      for (const [column, type] of Object.entries(RECORD_COLUMNS)) {
        const { rows: named } = await fresh.db.query<{ name: string }>('SELECT $1::regtype::text AS name', [type]);
        expect(types.get(column), `${kind.table}.${column}`).toBe(named[0]!.name);
      }
    },
  );
});

describe('a declaration without its migration', () => {
  it('a new kind: the generator writes its whole storage, in declaration order, and the start-up check names what is missing', async () => {
    const kind = widgetOn('test_new_kind_widgets');
    const pending = await pendingStorage(fresh.db, [kind]);
    expect(pending.map((statement) => statement.object)).toEqual([
      ...storageObjects(kind).map((object) => object.name),
      'test_new_kind_widgets.filter_keys (keys)',
      'test_new_kind_widgets.filter_keys (signature)',
    ]);
    await expect(checkStorage(fresh.db, [kind], refuse)).rejects.toThrow(
      /kind test-new-kind-widgets \(table test_new_kind_widgets\): missing test_new_kind_widgets, .*test_new_kind_widgets_history.*its migration is missing; run `npm run migrations:generate -- <name>`/,
    );
    const migration = migrationText(pending);
    await applyMigration(migration);
    expect(await pendingStorage(fresh.db, [kind])).toEqual([]);
    await checkStorage(fresh.db, [kind], refuse);
    // Idempotent: a database that has it all already takes the same migration.
    await applyMigration(migration);
    expect(await pendingStorage(fresh.db, [kind])).toEqual([]);
  });

  it("a new filter on a kind: the generator writes the recomputation of the kind's keys, and the start-up check refuses the stale keys", async () => {
    const table = 'test_new_filter_widgets';
    await applyMigration(migrationText(await pendingStorage(fresh.db, [widgetOn(table)])));
    const kind = widgetOn(table, { filters: { ...widgetResource.filters, title: { kind: 'string' } } });
    const pending = await pendingStorage(fresh.db, [kind]);
    expect(pending.map((statement) => statement.object)).toEqual([
      `${table}.filter_keys (keys)`,
      `${table}.filter_keys (signature)`,
    ]);
    await expect(checkStorage(fresh.db, [kind], refuse)).rejects.toThrow(
      `kind ${kind.name} (table ${table}): filter keys made from other declarations (a filter added or changed)`,
    );
    // Unless newer code migrated the database (a rollback): its migration made the keys, and the start goes on with a warning.
    await fresh.db.query(`INSERT INTO schema_migrations (version) VALUES ('9999_of_newer_code')`);
    try {
      const warnings: string[] = [];
      await checkStorage(fresh.db, [kind], (message) => warnings.push(message));
      expect(warnings).toEqual([
        `the database was migrated by newer code (9999_of_newer_code): filter keys of ${kind.name} were made from its declarations`,
      ]);
    } finally {
      await fresh.db.query(`DELETE FROM schema_migrations WHERE version = '9999_of_newer_code'`);
    }
    // The same holds for the product's kinds: a filter added to terms asks for a migration.
    const terms = { ...termsResource, filters: { ...termsResource.filters, audience: { kind: 'string' as const } } };
    expect((await pendingStorage(fresh.db, [terms])).map((statement) => statement.object)).toEqual([
      'terms.filter_keys (keys)',
      'terms.filter_keys (signature)',
    ]);
    await expect(checkStorage(fresh.db, [terms], refuse)).rejects.toThrow(
      'kind terms (table terms): filter keys made from other declarations',
    );
  });

  it('an index declared otherwise than the migrations made it: the generator drops it and makes it again', async () => {
    const [expiry] = subscriptionResource.indexes!;
    const changed = {
      ...subscriptionResource,
      indexes: [{ ...expiry!, where: `${expiry!.where} AND customer_id IS NOT NULL` }],
    };
    const pending = await pendingStorage(fresh.db, [changed]);
    expect(pending.map((statement) => statement.sql)).toEqual([
      'DROP INDEX IF EXISTS subscriptions_expiry_idx',
      storageObjects(changed).find((object) => object.name === 'subscriptions_expiry_idx')!.sql,
    ]);
  });

  it('a column the migrations made otherwise than declared is a conflict for a hand-written migration', async () => {
    const kind = widgetOn('test_conflict_widgets');
    await applyMigration(migrationText(await pendingStorage(fresh.db, [kind])));
    await fresh.db.query('ALTER TABLE test_conflict_widgets ALTER COLUMN db_version DROP DEFAULT');
    const refused = pendingStorage(fresh.db, [kind]);
    await expect(refused).rejects.toBeInstanceOf(StorageConflict);
    await expect(refused).rejects.toThrow(
      'kind test-conflict-widgets: column test_conflict_widgets.db_version is integer NOT NULL, declared integer NOT NULL DEFAULT 0',
    );
  });
});

describe('the start-up', () => {
  /** An API serving `served` while it declares `kinds`. */
  const moduleOf = (kinds: AnyResourceDefinition[], served = kinds): ApiModule => ({
    name: 'test-undeclared',
    kinds,
    start: () => ({ resources: served }),
  });

  /** Why an app with `module` does not start; on PostgreSQL, the schema it made is dropped (no app is left to close). */
  async function refusal(module: ApiModule): Promise<unknown> {
    const postgres = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    try {
      await startTestApp(postgres ? { DATABASE_SCHEMA: schema } : {}, { extraModules: [module] });
    } catch (error) {
      return error;
    } finally {
      if (postgres) await dropSchema(postgres, schema);
    }
    throw new Error('the app started');
  }

  it('stops when a kind has no migration, naming the kind and the command that writes it', async () => {
    const kind = widgetOn('test_unmigrated_widgets');
    expect(String(await refusal(moduleOf([kind])))).toMatch(
      /kind test-unmigrated-widgets \(table test_unmigrated_widgets\): missing .*npm run migrations:generate/,
    );
  });

  it('stops when a module serves a kind otherwise than it declares it (the migrations are generated from its declarations)', async () => {
    const kind = widgetOn('test_misdeclared_widgets');
    const served = { ...kind, filters: { ...kind.filters, title: { kind: 'string' as const } } };
    expect(String(await refusal(moduleOf([kind], [served])))).toContain(
      'API test-undeclared serves its kinds otherwise than it declares them in `kinds`, which the migrations are generated from: test-misdeclared-widgets',
    );
  });
});
