import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { sqlSnapshot } from '../src/platform/registry/sql-snapshot.js';
import { testKindsModule } from '../test/platform/registry/test-kinds-module.js';
import { testKinds } from '../test/platform/registry/widget.resource.js';

/**
 * Writes docs/sql/<kind>.md: the SQL the engine generates for every kind the service declares, and for the
 * engine's test kinds (they show the storage features no product kind uses yet). Run after changing the engine.
 */
const dir = 'docs/sql';
const { app, services } = await buildApp(
  loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    OPERATOR_CLIENT_SECRET: 'snapshots-only',
    ADMIN_PASSWORD: 'snapshots-only-password',
  }),
  { extraModules: [testKindsModule(testKinds)] },
);
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) if (file.endsWith('.md')) rmSync(`${dir}/${file}`);
for (const definition of services.definitions()) writeFileSync(`${dir}/${definition.name}.md`, sqlSnapshot(definition));
await app.close();
process.stdout.write(`wrote ${services.definitions().length} files to ${dir}\n`);
