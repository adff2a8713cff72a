import { readFileSync, writeFileSync } from 'node:fs';
import { eventCatalogue, withCatalogue } from '../src/apis/notifications/event-catalogue.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** Rewrites the event catalogue of docs/notifications.md from the kinds the service declares. Run after adding a kind or an action. */
const file = 'docs/notifications.md';
const { app, services } = await buildApp(
  loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    OPERATOR_CLIENT_SECRET: 'catalogue-only',
    ADMIN_PASSWORD: 'catalogue-only-password',
    NOTIFICATION_WORKER: 'off',
  }),
);
writeFileSync(file, withCatalogue(readFileSync(file, 'utf8'), eventCatalogue(services.events())));
await app.close();
process.stdout.write(`wrote the event catalogue of ${file}\n`);
