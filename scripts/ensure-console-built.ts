import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds the console when its build is missing or older than its sources, so `npm start` serves the console as the
 * sources are with no step of one's own; an up-to-date build costs a directory walk.
 */
const CONSOLE = 'console';
const STAMP = join(CONSOLE, 'dist', '.built-at');
const SOURCES = [
  ...['src', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map((name) => join(CONSOLE, name)),
  // The service's files the console imports: the subscription life cycle (its buttons follow the service's machine),
  // the import's life cycle and the CSV header rules (the import wizard's preview), the product's lifetime periods (its
  // picker), and the import template it offers.
  'src/apis/subscriptions/subscription.lifecycle.ts',
  'src/platform/errors/domain-errors.ts',
  'src/apis/catalog/import/import-life-cycle.ts',
  'src/apis/catalog/lifetime.ts',
  'src/platform/resource/document/csv-cells.ts',
  'src/platform/resource/document/document-paths.ts',
  'docs/templates/product-import.csv',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function consoleBuildIsStale(): boolean {
  return !existsSync(STAMP) || Math.max(...SOURCES.map(newest)) > statSync(STAMP).mtimeMs;
}

export function buildConsole(): void {
  // Production React and Mantine whoever asks: vitest sets NODE_ENV=test, which would give development builds.
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', CONSOLE, '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(STAMP, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (consoleBuildIsStale()) {
    process.stdout.write('building the console (its sources changed)\n');
    buildConsole();
  }
}
