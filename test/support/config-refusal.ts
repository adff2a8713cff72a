import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** The one line with which `loadConfig(env)` refuses `env` (a ConfigError); fails the test when `env` is accepted. */
export function configRefusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}
