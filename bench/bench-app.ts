import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';

const OPERATOR_SECRET = 'bench-operator-secret';

/**
 * A service process for a scenario bench: on DATABASE_URL (the embedded database in memory when unset), listening on
 * a free port of 127.0.0.1, with the operator's token.
 */
export async function startBenchApp(
  env: Record<string, string>,
): Promise<{ app: App; config: Config; origin: string; operatorToken: string }> {
  const config = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL || 'memory://',
    OPERATOR_CLIENT_SECRET: OPERATOR_SECRET,
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'silent',
    TOKEN_RATE_LIMIT: '1000000',
    ...env,
  });
  const app = await buildApp(config);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as { port: number };
  const tokenAnswer = await app.app.inject({
    method: 'POST',
    url: '/iam/tokens',
    payload: { realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET },
  });
  return { app, config, origin: `http://127.0.0.1:${port}`, operatorToken: tokenAnswer.json().access_token };
}

/** The database a bench ran on, as its figures name it. */
export const databaseName = (config: Config) => (config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite');
