import { describe, expect, it } from 'vitest';
import { deleteEndedSessions } from '../../src/apis/iam/iam.repository.js';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';

const { t } = await useApp();

const count = async (table: string, sessionId: string) =>
  (
    await t.built.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'iam_sessions' ? 'id' : 'session_id'} = $1`,
      [sessionId],
    )
  ).rows[0]!.n;

describe('session purge', () => {
  it('removes sessions ended more than a day ago with their refresh tokens, and keeps live ones', async () => {
    const old = await t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    const live = await t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    await t.built.db.query("UPDATE iam_sessions SET expires_at = now() - interval '2 days' WHERE id = $1", [
      old.session_state,
    ]);

    await deleteEndedSessions(t.built.db, 86_400);

    expect(await count('iam_sessions', old.session_state)).toBe(0);
    expect(await count('iam_refresh_tokens', old.session_state)).toBe(0);
    expect(await count('iam_sessions', live.session_state)).toBe(1);
    expect(await count('iam_refresh_tokens', live.session_state)).toBe(1);
  });

  it('removes sessions revoked more than a day ago, and keeps those revoked since', async () => {
    const old = await t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    const recent = await t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    await t.built.db.query("UPDATE iam_sessions SET revoked_at = now() - interval '2 days' WHERE id = $1", [
      old.session_state,
    ]);
    await t.built.db.query('UPDATE iam_sessions SET revoked_at = now() WHERE id = $1', [recent.session_state]);

    await deleteEndedSessions(t.built.db, 86_400);

    expect(await count('iam_sessions', old.session_state)).toBe(0);
    expect(await count('iam_sessions', recent.session_state)).toBe(1);
  });
});
