import { idempotencyKeyPurgeJob } from '../platform/http/idempotency-purge.job.js';
import { recordChangesFoldJob } from '../platform/resource/index.js';
import type { ApiModule } from './api-module.js';

/**
 * Not an API: the jobs on the platform's own tables, declared the way the APIs declare theirs, so that one setting
 * (JOBS) and `npm run worker` govern them too. The outbox purge is the Notification API's: it deletes what its
 * dispatcher has dispatched.
 */
export const platformModule: ApiModule = {
  name: 'platform',
  kinds: [],
  start: ({ db }) => ({ jobs: [idempotencyKeyPurgeJob(db), recordChangesFoldJob(db)] }),
};
