import type { NotificationStatus } from './notification.lifecycle.js';
import type { TryOutcome } from './notification.repository.js';

type WriteTries = (outcomes: TryOutcome[]) => Promise<Map<string, NotificationStatus>>;

interface Waiting {
  outcome: TryOutcome;
  resolve: (status: NotificationStatus | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for tries: a try is written at once when no write is in flight, and otherwise with every try that
 * ended during the write in flight, in the next one. Under load a worker's tries cost one statement and one commit
 * per round instead of one each; alone, a try waits for no other.
 */
export class TryRecorder {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly write: WriteTries) {}

  /** Resolves with the record's new status, or undefined when the worker's lease was lost. */
  record(outcome: TryOutcome): Promise<NotificationStatus | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, resolve, reject });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const statuses = await this.write(batch.map((entry) => entry.outcome));
        for (const entry of batch) entry.resolve(statuses.get(entry.outcome.id));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.writing = false;
  }
}
