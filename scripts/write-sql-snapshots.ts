import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { testKindsModule } from '../test/platform/resource/test-kinds-module.js';
import { testKinds } from '../test/platform/resource/widget.resource.js';
import { expectedSnapshots, snapshotsOnDisk } from './sql-snapshot-files.js';

/**
 * Writes every SQL snapshot (scripts/sql-snapshot-files.ts): the SQL the engine generates for every kind the service
 * declares and for the engine's test kinds (they show the storage features no product kind uses yet), and each
 * repository's hand-written SQL. Run after changing the engine or a repository.
 */
const { app, services } = await buildApp(
  loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    OPERATOR_CLIENT_SECRET: 'snapshots-only',
    ADMIN_PASSWORD: 'snapshots-only-password',
  }),
  { extraModules: [testKindsModule(testKinds)] },
);
const files = expectedSnapshots(
  services.definitions(),
  testKinds.resources.map((resource) => resource.name),
);
await app.close();
for (const file of snapshotsOnDisk()) rmSync(file);
for (const [file, content] of files) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}
process.stdout.write(`wrote ${files.size} SQL snapshots\n`);
