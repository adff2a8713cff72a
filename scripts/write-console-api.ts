import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { CONSOLE_API_TYPES, consoleApiTypes } from './console-api-types.js';

/** Regenerates the console's API types from the OpenAPI document the service serves. Run after changing the API. */
const { app } = await buildApp(
  loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    OPERATOR_CLIENT_SECRET: 'types-only',
    ADMIN_PASSWORD: 'types-only-password',
    NOTIFICATION_WORKER: 'off',
  }),
);
writeFileSync(CONSOLE_API_TYPES, await consoleApiTypes(app.swagger()));
await app.close();
process.stdout.write(`wrote ${CONSOLE_API_TYPES}\n`);
