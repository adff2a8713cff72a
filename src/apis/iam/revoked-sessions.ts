import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundTask } from '../../platform/background-task.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { revokedSince } from './iam.repository.js';

/**
 * Ended sessions, kept in memory so that checking a token costs no query. A revocation on this instance takes
 * effect at once; revocations by other instances are picked up by polling every `pollMs` (default 1 s).
 *
 * The poll window is wall-clock time (`wallClock`, the system's), not the app's `Clock`: `revoked_at` is the
 * database's `now()`, and a test's ManualClock (months away from it) would make the window miss every revocation.
 */
export class RevokedSessions {
  private readonly ended = new Map<string, number>();
  private since: Date;
  private stopPolling: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly accessTokenTtlSeconds: number,
    private readonly wallClock: Clock = systemClock,
  ) {
    // A token lives at most one access-token lifetime; older revocations cannot matter.
    this.since = new Date(wallClock.now().getTime() - accessTokenTtlSeconds * 1000);
  }

  has(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  add(sessionIds: string[]): void {
    const now = this.wallClock.now().getTime();
    for (const id of sessionIds) this.ended.set(id, now);
  }

  async refresh(): Promise<void> {
    const startedAt = this.wallClock.now();
    for (const row of await revokedSince(this.db, new Date(this.since.getTime() - 2000)))
      this.ended.set(row.id, row.revoked_at.getTime());
    this.since = startedAt;
    const horizon = this.wallClock.now().getTime() - (this.accessTokenTtlSeconds + 60) * 1000;
    for (const [id, at] of this.ended) if (at < horizon) this.ended.delete(id);
  }

  /** While polling fails, revocations made on other instances are not seen: the failure is logged. */
  async start(log: FastifyBaseLogger, pollMs = 1000): Promise<void> {
    await this.refresh();
    this.stopPolling = startBackgroundTask(
      { name: 'revoked-sessions poll', everyMs: pollMs, run: () => this.refresh() },
      log,
    );
  }

  stop(): void {
    this.stopPolling?.();
  }
}
