import { performance } from 'node:perf_hooks';
import type { Queryable } from './database.js';
import { parseLsn } from './lsn.js';

/** How often the replica's replay position is compared with the primary's WAL position. */
export const FRESHNESS_POLL_MS = 100;

/** The primary's WAL position (`pg_current_wal_lsn()`) at a moment of `performance.now()`. */
interface Sample {
  at: number;
  lsn: bigint;
}

/** What the freshness poll tells the operator: the replica stopped serving reads, or serves them again. */
export type FreshnessReport = (change: 'serving' | 'not serving', reason?: unknown) => void;

/**
 * How far behind the primary a streaming replica is, in time, from two positions polled every 100 ms: the primary's
 * WAL position and the replica's replay position. The replica holds everything the primary had written at the last
 * moment whose position it has replayed, so its lag is the time since that moment: measured in time even when the
 * primary is idle (nothing to replay is no lag), and growing by itself when the replica stops answering.
 */
export class ReplicaFreshness {
  private readonly samples: Sample[] = [];
  /** The replica's replay position at its last answer; undefined while it does not answer (or is no standby). */
  private replayed: bigint | undefined;
  /** The replica holds every change the primary had written at this moment. */
  private freshAsOf = Number.NEGATIVE_INFINITY;
  private serving = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly primary: Queryable & { close(): Promise<void> },
    private readonly replica: Queryable & { close(): Promise<void> },
    private readonly maxLagMs: number,
    private readonly report: FreshnessReport,
  ) {}

  /**
   * Polls until `stop`. Not awaited by the start-up: a replica that does not answer (or drops packets, for the 10 s
   * connection timeout) must not hold the service back; reads go to the primary until the first poll has answered.
   */
  start(): void {
    void this.poll().finally(() => this.schedule());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([this.primary.close(), this.replica.close()]);
  }

  /** The replica may answer a read that must see position `minLsn` (none: any data at most the lag bound old). */
  serves(minLsn: bigint | undefined): boolean {
    if (performance.now() - this.freshAsOf > this.maxLagMs) return false;
    return minLsn === undefined || (this.replayed !== undefined && this.replayed >= minLsn);
  }

  /** A read on the replica failed to connect: no read goes there until a poll finds it again. */
  lost(reason: unknown): void {
    this.replayed = undefined;
    this.freshAsOf = Number.NEGATIVE_INFINITY;
    this.tell(false, reason);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll().finally(() => this.schedule()), FRESHNESS_POLL_MS);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      this.sample(await this.position(this.primary, 'pg_current_wal_lsn()'));
      const replayed = await this.position(this.replica, 'pg_last_wal_replay_lsn()');
      if (replayed === undefined)
        throw new Error('DATABASE_REPLICA_URL is not a standby (pg_last_wal_replay_lsn() is null)');
      this.replayed = replayed;
      const caughtUp = this.latestAtOrBefore(replayed);
      if (caughtUp !== undefined) this.freshAsOf = Math.max(this.freshAsOf, caughtUp);
      this.tell(this.serves(undefined));
    } catch (error) {
      if (this.stopped) return;
      this.replayed = undefined;
      this.freshAsOf = Number.NEGATIVE_INFINITY;
      this.tell(false, error);
    }
  }

  /** The latest moment the primary's position was at most `lsn`. */
  private latestAtOrBefore(lsn: bigint): number | undefined {
    for (let i = this.samples.length - 1; i >= 0; i--) if (this.samples[i]!.lsn <= lsn) return this.samples[i]!.at;
    return undefined;
  }

  private async position(db: Queryable, position: string): Promise<bigint | undefined> {
    const { rows } = await db.query<{ lsn: string | null }>(`SELECT ${position}::text AS lsn`);
    return rows[0]?.lsn ? parseLsn(rows[0].lsn) : undefined;
  }

  /** Keeps the latest moment of each position, and only what the lag bound can still need. */
  private sample(lsn: bigint | undefined): void {
    if (lsn === undefined) return;
    const at = performance.now();
    const last = this.samples.at(-1);
    if (last?.lsn === lsn) last.at = at;
    else this.samples.push({ at, lsn });
    const oldest = at - this.maxLagMs - FRESHNESS_POLL_MS;
    while (this.samples.length > 1 && this.samples[0]!.at < oldest) this.samples.shift();
  }

  private tell(serving: boolean, reason?: unknown): void {
    if (serving === this.serving) return;
    this.serving = serving;
    this.report(serving ? 'serving' : 'not serving', reason);
  }
}
