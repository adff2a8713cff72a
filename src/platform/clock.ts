/**
 * Where the service reads the time. Production uses the system clock; tests pass a `ManualClock` to `buildApp` and
 * move it (expiry, retries, token lifetimes) instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)` or `set(date)`. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string | number = Date.UTC(2026, 0, 1)) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  set(date: Date | string | number): void {
    this.current = new Date(date).getTime();
  }
}
