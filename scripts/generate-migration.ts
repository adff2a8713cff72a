import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiModules } from '../src/apis/index.js';
import { listMigrations, migrate } from '../src/platform/db/migrate.js';
import { openDatabase } from '../src/platform/db/open-database.js';
import { migrationText, pendingStorage } from '../src/platform/resource/sql/storage-ddl.js';

/**
 * `npm run migrations:generate -- <name>`: applies migrations/ to a fresh embedded database, compares it with the
 * storage every API module's kinds declare (read from the modules, nothing started), and writes what is missing to
 * the next numbered migration, migrations/<NNNN>_<name>.sql. Writes nothing when the two agree.
 */
const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

function fail(message: string): never {
  process.stderr.write(`migrations:generate: ${message}\n`);
  process.exit(1);
}

const name = process.argv[2];
if (name !== undefined && !/^[a-z0-9_]+$/.test(name))
  fail(`the name must be lower-case letters, digits and _ (it becomes <NNNN>_${name}.sql)`);

const db = await openDatabase(
  { databaseUrl: 'memory://', dataDir: '', databaseSchema: 'public', databasePreparedStatements: false },
  (error) => {
    throw error;
  },
);
try {
  await migrate(db, 'public');
  const pending = await pendingStorage(
    db,
    apiModules.flatMap((module) => module.kinds),
  );
  if (pending.length === 0) {
    process.stdout.write('nothing to generate: the migrations create the storage of every declared kind\n');
  } else {
    if (name === undefined)
      fail(
        `${pending.length} statements to write (${[...new Set(pending.map((p) => p.kind))].join(', ')}): name the migration, npm run migrations:generate -- <name>`,
      );
    const last = listMigrations().at(-1)?.version ?? '0000';
    const file = `${String(Number(last.slice(0, 4)) + 1).padStart(4, '0')}_${name}.sql`;
    writeFileSync(MIGRATIONS_DIR + file, migrationText(pending));
    process.stdout.write(
      `wrote migrations/${file}: ${pending.length} statements for ${[...new Set(pending.map((p) => p.kind))].join(', ')}\n`,
    );
  }
} catch (error) {
  fail((error as Error).message);
} finally {
  await db.close();
}
