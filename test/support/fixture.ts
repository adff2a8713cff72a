import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, expect } from 'vitest';
import type { ApiModule } from '../../src/apis/api-module.js';
import type { Clock } from '../../src/platform/clock.js';
import { freePort } from './free-port.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A customer tenant: its realm, its confidential client and a client_credentials token for it (TestApp.tenant). */
export type Tenant = Awaited<ReturnType<TestApp['tenant']>>;

export interface AppOptions {
  /** Settings over the tests' defaults (test-app.ts), as environment variables: `{ TOKEN_RATE_LIMIT: '10000' }`. */
  env?: Record<string, string>;
  /** A ManualClock the tests move instead of sleeping. */
  clock?: Clock;
  /** API modules served besides the product's (kinds declared by the tests). */
  extraModules?: ApiModule[];
  /**
   * On a real port of 127.0.0.1 as well as through `inject`. The port is chosen first, so PUBLIC_BASE_URL (the issuer,
   * the console's redirect URIs) names the origin that clients use: `base`.
   */
  listen?: boolean;
  /** Fetch an operator token (client credentials) before the tests: `operator`. */
  operator?: boolean;
  /** Provision a customer tenant before the tests: `tenant`. */
  tenant?: boolean;
  /** A fresh temporary DATA_DIR (stored assets, generated keys), removed after the app closes: `dataDir`. */
  dataDir?: boolean;
}

export interface AppFixture {
  /** The app on its own database: `t.request`, `t.inject`, `t.built.db`, `t.tenant()`, ... */
  t: TestApp;
  /** An operator token (with `{ operator: true }`). */
  operator: string;
  /** A customer tenant and its token (with `{ tenant: true }`). */
  tenant: Tenant;
  /** `http://127.0.0.1:<port>` (with `{ listen: true }`). */
  base: string;
  /** The app's DATA_DIR (with `{ dataDir: true }`). */
  dataDir: string;
}

/**
 * The app a test file runs against, started when the file is loaded and closed after its last test:
 *
 *     const { t, operator } = await useApp({ operator: true });
 *
 * Each file gets an app of its own on a database of its own (test-app.ts), so files never see each other's rows; the
 * file's tests make their own data. Asking for what was not requested (`operator` without `{ operator: true }`) throws,
 * so a file never silently spends a token request (rate-limit and sign-in throttle tests count them).
 */
export async function useApp(options: AppOptions = {}): Promise<AppFixture> {
  const env = { ...options.env };
  const dataDir = options.dataDir ? mkdtempSync(join(tmpdir(), 'test-data-')) : undefined;
  if (dataDir) {
    env.DATA_DIR = dataDir;
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  }
  let base: string | undefined;
  let port: number | undefined;
  if (options.listen) {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env.PUBLIC_BASE_URL ??= base;
  }
  const started = performance.now();
  const t = await startTestApp(env, { clock: options.clock, extraModules: options.extraModules });
  afterAll(() => t.close());
  const appStart = performance.now() - started;
  if (port !== undefined) await t.app.listen({ port, host: '127.0.0.1' });
  const operator = options.operator ? await t.operator() : undefined;
  const tenant = options.tenant ? await t.tenant() : undefined;
  recordTimes({ appStartMs: appStart, clientsMs: performance.now() - started - appStart });
  return {
    t,
    get operator() {
      return requested(operator, 'operator');
    },
    get tenant() {
      return requested(tenant, 'tenant');
    },
    get base() {
      return requested(base, 'listen');
    },
    get dataDir() {
      return requested(dataDir, 'dataDir');
    },
  };
}

/** With TEST_TIMINGS=<file>, each app start is appended to <file> as a JSON line (scratch/figures of the test run). */
function recordTimes(times: Record<string, number>): void {
  const file = process.env.TEST_TIMINGS;
  if (!file) return;
  const rounded = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)]));
  appendFileSync(file, `${JSON.stringify({ file: expect.getState().testPath, pid: process.pid, ...rounded })}\n`);
}

function requested<T>(value: T | undefined, option: keyof AppOptions): T {
  if (value === undefined) throw new Error(`useApp: ask for it with { ${option}: true }`);
  return value;
}
