import { describe, expect, it, vi } from 'vitest';
import { RevokedSessions } from '../../src/apis/iam/revoked-sessions.js';
import { startJobs } from '../../src/platform/jobs/job-runner.js';
import { useApp } from '../support/fixture.js';
import { adminLogin } from './iam-kit.js';

const { t } = await useApp();

describe('revoked sessions on another instance', () => {
  it('learns of a session ended by this instance within about a second, by polling the database', async () => {
    // A second instance's revocation list over the same database, its poll job at the default interval (1 s).
    const other = new RevokedSessions(t.built.db, t.config.accessTokenTtl);
    await other.refresh();
    const polling = startJobs([other.pollJob()], t.app.log);
    try {
      const login = await adminLogin(t);
      expect(other.has(login.session_state)).toBe(false);
      expect((await t.request('DELETE', '/iam/tokens/invalidate', login.access_token)).status).toBe(204);
      await vi.waitFor(() => expect(other.has(login.session_state)).toBe(true), { timeout: 1500, interval: 50 });
    } finally {
      await polling.stop();
    }
  });
});
