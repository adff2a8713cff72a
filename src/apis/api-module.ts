import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Metric } from 'prom-client';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { DataEncryption } from '../platform/crypto/data-encryption.js';
import type { Database } from '../platform/db/database.js';
import type { RequestLoad } from '../platform/http/request-load.js';
import type { JobDefinition } from '../platform/jobs/job.js';
import type {
  AnyResourceDefinition,
  AnyResourceKind,
  AnyViewDefinition,
  ServiceRegistry,
} from '../platform/resource/index.js';
import type { Iam } from './iam/iam.js';

/** What the platform gives every API when the process starts. `services` holds every kind's service once all have started. */
export interface PlatformContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
  services: ServiceRegistry;
  /** Seals data at rest with DATA_ENCRYPTION_KEY (customers' private keys, the kinds' declared secrets). */
  encryption: DataEncryption;
  /** The requests the process is answering now (none in a worker): background work gives way to them. */
  requests: RequestLoad;
}

/** What an API shares with the APIs started after it (src/apis/index.ts orders them). */
export interface SharedApis {
  /** The token service, its verifier and the realms: shared by the IAM module, which starts first. */
  iam: Iam;
}

/** What an API receives when the process starts. */
export type ApiContext = PlatformContext & SharedApis;

/** What an API hands back: its kinds and views (served by the engine), and what the engine cannot derive. */
export interface StartedApi {
  resources?: AnyResourceDefinition[];
  views?: AnyViewDefinition[];
  /** Schemas with an `$id` that the kinds' schemas reference (they become OpenAPI components). */
  schemas?: object[];
  /** OpenAPI `webhooks` entries by name, computed when the document is built (every API has started by then). */
  webhooks?: () => Record<string, object>;
  /** Routes that are not declarations (a raw-body parser, a file download), registered in a scope of their own. */
  routes?: FastifyPluginAsync;
  /** Its background jobs; whether this process runs them is the process's choice (JOBS, `npm run worker`). */
  jobs?: JobDefinition[];
  /** Its Prometheus metrics, served on `/metrics` by the API processes and the workers alike. */
  metrics?: Metric[];
  /** What it shares with the APIs after it, through their ApiContext. */
  shares?: Partial<SharedApis>;
  /** Closes what it opened; runs after every job has stopped. */
  stop?(): void | Promise<void>;
}

export interface ApiModule {
  name: string;
  /**
   * The kinds it serves: their storage is read from here without starting anything (`npm run migrations:generate`),
   * and `start` must serve these kinds, with this storage. A kind declared as a function of the running app's services
   * (the customer) is listed by its data (`defineKind`).
   */
  kinds: AnyResourceKind[];
  start(api: ApiContext): StartedApi | Promise<StartedApi>;
}
