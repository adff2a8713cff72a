import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { StartedApi } from '../../../src/apis/api-module.js';
import type { Clock } from '../../../src/platform/clock.js';
import type { AnyResourceDefinition } from '../../../src/platform/resource/declare/resource-definition.js';
import { injectJson, startTestApp, type TestApp } from '../../support/test-app.js';
import { testKindsModule } from './test-kinds-module.js';

/** The app serving the test kinds, with a JSON request helper. */
export class EngineApp {
  constructor(private readonly t: TestApp) {}

  request(
    method: InjectOptions['method'],
    url: string,
    token: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return injectJson<any>(this.t.app, method, url, token, body, headers);
  }
}

export interface EngineContext {
  /** The real app: its database, token service, tenants, and the test kinds. */
  t: TestApp;
  /** Requests to the same app. */
  e: EngineApp;
  /** An operator token. */
  operator: string;
}

/**
 * Starts an app serving `kinds` besides the product's before the file's tests, closes it after them. With `clock`
 * (a ManualClock), the app reads the time from it and tests move it.
 */
export function useEngineApp(
  kinds: StartedApi | AnyResourceDefinition[],
  options: { clock?: Clock } = {},
): EngineContext {
  const context = {} as EngineContext;
  beforeAll(async () => {
    context.t = await startTestApp({}, { extraModules: [testKindsModule(kinds)], ...options });
    context.e = new EngineApp(context.t);
    context.operator = await context.t.operator();
  });
  afterAll(async () => {
    await context.t?.close();
  });
  return context;
}
