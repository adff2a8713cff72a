import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type App, type BuildOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { databaseUrl, onPostgres } from './database-kind.js';
import { checkResponses } from './response-conformance.js';
import { TEST_SETTINGS } from './test-settings.js';

export const OPERATOR_SECRET = 'test-operator-secret';
export const ADMIN_PASSWORD = 'test-admin-password';

/**
 * An app on a fresh database: PGlite in memory by default, or, when DATABASE_URL is a postgres:// URL,
 * a schema of its own on that server (dropped at close), so test files never see each other's rows.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const schema = onPostgres ? `t_${randomBytes(6).toString('hex')}` : 'public';
  const config = loadConfig({
    ...TEST_SETTINGS,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    OPERATOR_CLIENT_SECRET: OPERATOR_SECRET,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_BASE_URL: 'http://localhost:8080',
    // Tests drive the jobs themselves (dispatch, delivery, expiry), with a clock they move; a test wanting them to run
    // by themselves says JOBS=on (or NOTIFICATION_WORKER=on, the deprecated name, which a JOBS here would contradict).
    ...(env.NOTIFICATION_WORKER === undefined ? { JOBS: 'off' } : {}),
    ...env,
  });
  const built = await buildApp(config, { ...options, instrument: checkResponses });
  return new TestApp(built, config, schema);
}

export class TestApp {
  private operatorToken: { token: string; expiresAt: number } | undefined;

  constructor(
    readonly built: App,
    readonly config: Config,
    private readonly schema: string,
  ) {}

  get app() {
    return this.built.app;
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** A JSON request with a bearer token. */
  request<Body = unknown>(
    method: InjectOptions['method'],
    url: string,
    token: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return injectJson<Body>(this.app, method, url, token, body, headers);
  }

  async token(body: Record<string, unknown>): Promise<Record<string, any>> {
    const response = await this.request('POST', '/iam/tokens', undefined, body);
    if (response.status !== 200)
      throw new Error(`token request failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, any>;
  }

  /**
   * The operator's token, asked again a minute before it expires: a browser test file on a loaded machine runs
   * longer than a token lives (ACCESS_TOKEN_TTL, 300 s), and its last tests then read with an expired one.
   */
  async operator(): Promise<string> {
    if (!this.operatorToken || performance.now() > this.operatorToken.expiresAt) {
      const answer = await this.token({
        realmName: 'operator',
        grantType: 'client_credentials',
        clientSecret: OPERATOR_SECRET,
      });
      const lifetimeMs = Number(answer.expires_in ?? 300) * 1000;
      this.operatorToken = { token: answer.access_token, expiresAt: performance.now() + lifetimeMs - 60_000 };
    }
    return this.operatorToken.token;
  }

  /**
   * A customer tenant: its realm and confidential client, as the Customer API provisions them, and a
   * client_credentials token for it. `authorizedCustomers` widens what the token may see.
   */
  async tenant(customerId = `cust-${randomBytes(4).toString('hex')}`, authorizedCustomers: string[] = []) {
    const realm = `realm-${customerId}`;
    const { clientSecret } = await this.built.db.transaction((tx) =>
      this.built.iam.realms.provisionRealm(tx, realm, customerId),
    );
    const previous = this.built.iam.verifier.authorizedCustomers;
    if (authorizedCustomers.length) {
      this.built.iam.verifier.authorizedCustomers = async (id) =>
        id === customerId ? authorizedCustomers : previous(id);
    }
    const token = (await this.token({ realmName: realm, grantType: 'client_credentials', clientSecret }))
      .access_token as string;
    return { customerId, realm, clientSecret, token };
  }

  async close(): Promise<void> {
    await this.app.close();
    if (this.schema !== 'public') {
      const client = new pg.Client({ connectionString: this.config.databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
      await client.end();
    }
  }
}

/** A JSON request with a bearer token to any Fastify instance; the answer's body parsed when it is JSON. */
export async function injectJson<Body = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return {
    status: response.statusCode,
    body: (response.body ? safeJson(response.body) : undefined) as Body,
    headers: response.headers,
    raw: response,
  };
}

/** The body parsed when it is JSON, else the text as it is. */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
