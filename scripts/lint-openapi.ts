import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * Lints the OpenAPI document the server generates with @redocly/cli (rules in redocly.yaml).
 * Exits with the CLI's code: non-zero on any error.
 */
export async function lintOpenApi(): Promise<{ status: number; output: string }> {
  const { app } = await buildApp(
    loadConfig({
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      OPERATOR_CLIENT_SECRET: 'lint-only',
      ADMIN_PASSWORD: 'lint-only-password',
    }),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--format=stylish'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return { status: run.status ?? 1, output: `${run.stdout}\n${run.stderr}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { status, output } = await lintOpenApi();
  process.stdout.write(output);
  process.exit(status);
}
