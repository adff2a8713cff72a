import { systemClock } from '../../platform/clock.js';
import { onPrimary } from '../../platform/db/replica-reads.js';

/**
 * `authorizedCustomers` of each customer, as the token verifier needs them on every request, kept in memory.
 * An update made on this instance drops the entry once committed (`invalidate`); an update made on another instance
 * is seen here within `ttlMs` at most (the cross-instance staleness bound, 5 s by default).
 */
export class AuthorizedCustomersCache {
  private readonly entries = new Map<string, { ids: readonly string[]; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<readonly string[]>>();
  /** Bumped by every invalidation: a load that started before one must not store what it read. */
  private epoch = 0;

  constructor(
    private readonly load: (customerId: string) => Promise<readonly string[]>,
    private readonly ttlMs = 5_000,
    private readonly capacity = 10_000,
    private readonly now: () => number = () => systemClock.now().getTime(),
  ) {}

  get(customerId: string): Promise<readonly string[]> {
    const entry = this.entries.get(customerId);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.ids);
    // Concurrent requests for one customer share one query.
    const shared = this.loading.get(customerId);
    if (shared) return shared;
    const pending: Promise<readonly string[]> = this.fetch(customerId).finally(() => {
      if (this.loading.get(customerId) === pending) this.loading.delete(customerId);
    });
    this.loading.set(customerId, pending);
    return pending;
  }

  invalidate(customerId: string): void {
    this.epoch += 1;
    this.entries.delete(customerId);
    this.loading.delete(customerId);
  }

  private async fetch(customerId: string): Promise<readonly string[]> {
    const epoch = this.epoch;
    // From the primary: a replica's older copy, cached, would outlive the invalidation of a change made here.
    const ids = Object.freeze([...(await onPrimary(() => this.load(customerId)))]);
    if (epoch === this.epoch) this.store(customerId, ids);
    return ids;
  }

  private store(customerId: string, ids: readonly string[]): void {
    this.entries.delete(customerId);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(customerId, { ids, expiresAt: this.now() + this.ttlMs });
  }
}
