import { randomBytes } from 'node:crypto';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { databaseUrl, onPostgres } from '../../support/database-kind.js';
import { checkResponses } from '../../support/response-conformance.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET, TestApp } from '../../support/test-app.js';
import { TEST_SETTINGS } from '../../support/test-settings.js';

export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** The app's log stream: every JSON line pino writes. */
export class LogCapture {
  private raw: string[] = [];

  write(line: string) {
    this.raw.push(line);
  }

  clear() {
    this.raw = [];
  }

  text(): string {
    return this.raw.join('');
  }

  lines(): LogLine[] {
    return this.raw.map((line) => JSON.parse(line) as LogLine);
  }
}

/** Like `startTestApp` (same database handling), at level info, with the log captured. */
export async function startLoggedApp(): Promise<{ t: TestApp; log: LogCapture }> {
  const log = new LogCapture();
  const schema = onPostgres ? `t_${randomBytes(6).toString('hex')}` : 'public';
  const config = loadConfig({
    ...TEST_SETTINGS,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    OPERATOR_CLIENT_SECRET: OPERATOR_SECRET,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
  });
  const built = await buildApp(config, { logStream: log, instrument: checkResponses });
  return { t: new TestApp(built, config, schema), log };
}
