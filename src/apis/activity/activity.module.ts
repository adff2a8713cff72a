import type { ApiModule } from '../api-module.js';
import { activityRoutes } from './activity.routes.js';
import { ActivityService, activityPurgeJob } from './activity.service.js';

/**
 * The activity log (docs/activity.md): not a kind, and no API's own records — it reads the entries outbox.ts writes
 * beside every change's event, and owns their retention (the `activity purge` job).
 */
export const activityModule: ApiModule = {
  name: 'activity',
  kinds: [],
  start({ db, clock, services, config }) {
    const service = new ActivityService(db, services);
    return {
      routes: async (app) => app.register(activityRoutes, { service }),
      jobs: [activityPurgeJob({ db, clock }, config.activityRetentionSeconds)],
    };
  },
};
