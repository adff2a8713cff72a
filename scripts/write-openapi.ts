import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** Writes the OpenAPI document the server serves at /openapi.json to a file (default openapi.json). */
const target = process.argv[2] ?? 'openapi.json';
const { app } = await buildApp(
  loadConfig({ ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', OPERATOR_CLIENT_SECRET: 'unused-here' }),
);
writeFileSync(target, JSON.stringify(app.swagger(), null, 2));
await app.close();
process.stdout.write(`wrote ${target}\n`);
