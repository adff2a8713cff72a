import { spawnSync } from 'node:child_process';
import { GENERATORS } from './generators.js';

/**
 * `npm run generate [-- <migration name>]`: runs every generator of scripts/generators.ts, in order, and stops at the
 * first that fails. The name, when given, names the migration `migrations:generate` writes.
 */
const migrationName = process.argv[2];
for (const generator of GENERATORS) {
  const extra = generator.script === 'migrations:generate' && migrationName ? ['--', migrationName] : [];
  process.stdout.write(`npm run ${generator.script}\n`);
  const run = spawnSync('npm', ['run', '--silent', generator.script, ...extra], { stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`generate: npm run ${generator.script} failed; the generators after it did not run\n`);
    process.exit(run.status ?? 1);
  }
}
