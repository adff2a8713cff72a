/**
 * Remembers tokens whose signature and claims were verified, until they expire, so a client sending the same
 * token many times pays for RSA verification once. Keyed by the whole token: a changed byte is a miss.
 * Bounded: the oldest entries go first when full.
 */
export class VerifiedTokenCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly capacity = 10_000) {}

  /** `now`: the caller's clock, in epoch milliseconds. */
  get(token: string, now: number): V | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: V, expiresAtMs: number): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { value, expiresAt: expiresAtMs });
  }
}
