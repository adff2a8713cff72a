import type { InjectOptions } from 'fastify';
import type { StartedApi } from '../../../src/apis/api-module.js';
import type { Clock } from '../../../src/platform/clock.js';
import type { AnyResourceDefinition } from '../../../src/platform/registry/resource-definition.js';
import { useApp } from '../../support/fixture.js';
import { injectJson, type TestApp } from '../../support/test-app.js';
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
 * The file's app (useApp) serving `kinds` besides the product's, with an operator token. With `clock` (a ManualClock),
 * the app reads the time from it and tests move it.
 */
export async function useEngineApp(
  kinds: StartedApi | AnyResourceDefinition[],
  options: { clock?: Clock } = {},
): Promise<EngineContext> {
  const { t, operator } = await useApp({
    extraModules: [testKindsModule(kinds)],
    clock: options.clock,
    operator: true,
  });
  return { t, e: new EngineApp(t), operator };
}
