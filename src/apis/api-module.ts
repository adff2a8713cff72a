import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { DataEncryption } from '../platform/crypto/data-encryption.js';
import type { Database } from '../platform/db/database.js';
import type { AnyResourceDefinition } from '../platform/resource/index.js';
import type { AnyViewDefinition } from '../platform/resource/index.js';
import type { ServiceRegistry } from '../platform/resource/index.js';
import type { Iam } from './iam/iam.module.js';

/** What an API receives when the app starts. `services` holds every kind's service once all APIs have started. */
export interface ApiContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
  iam: Iam;
  services: ServiceRegistry;
  /** Seals data at rest with DATA_ENCRYPTION_KEY (customers' private keys, the kinds' declared secrets). */
  encryption: DataEncryption;
}

/** What an API hands back: its kinds and views (served by the engine), and what the engine cannot derive. */
export interface StartedApi {
  resources?: AnyResourceDefinition[];
  views?: AnyViewDefinition[];
  /** Schemas with an `$id` that the kinds' schemas reference (they become OpenAPI components). */
  schemas?: object[];
  /** OpenAPI `webhooks` entries by name, computed when the document is built (every API has started by then). */
  webhooks?: () => Record<string, object>;
  /** Routes that are not declarations (a raw-body parser, a file download). */
  routes?: FastifyPluginAsync;
  stop?(): void | Promise<void>;
}

export interface ApiModule {
  name: string;
  /**
   * The kinds it serves, as declared (hooks and actions may be added at start): their storage is read from here
   * without starting anything (`npm run migrations:generate`), and `start` must serve these kinds, with this storage.
   */
  kinds: AnyResourceDefinition[];
  start(api: ApiContext): StartedApi | Promise<StartedApi>;
}
