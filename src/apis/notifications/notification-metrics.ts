import { Counter, type Gauge, Histogram, type Metric } from 'prom-client';
import type { Clock } from '../../platform/clock.js';
import { keptGauge } from '../../platform/metrics/kept-gauge.js';
import { NOTIFICATION_STATUSES } from './notification.lifecycle.js';

/** What the backlog gauges read when scraped. */
export type BacklogProbe = () => Promise<{ count: number; oldest: Date | null }>;
/** The notification records by status, read when scraped. */
export type StatusProbe = () => Promise<Record<string, number>>;

/**
 * The Prometheus metrics of notification delivery, registered on the process's registry (server or worker). The backlog and the records by
 * status are read from the database when scraped (so API processes running without the worker report them too), and
 * keep their last value while it cannot be read.
 */
export class NotificationMetrics {
  readonly backlog: Gauge;
  readonly oldestAge: Gauge;
  readonly byStatus: Gauge;
  readonly dispatchLag = new Histogram({
    name: 'notification_dispatch_lag_seconds',
    help: 'Time from an event occurring to its dispatch',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [],
  });
  readonly deliveries = new Counter({
    name: 'notification_deliveries_total',
    help: 'Delivery tries by outcome (success, failure, gone, undeliverable)',
    labelNames: ['outcome'] as const,
    registers: [],
  });
  readonly latency = new Histogram({
    name: 'notification_delivery_duration_seconds',
    help: 'Duration of a delivery try',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [],
  });

  constructor(probe: BacklogProbe, statuses: StatusProbe, clock: Clock) {
    this.backlog = keptGauge({
      name: 'notification_outbox_backlog',
      help: 'Outbox events not yet dispatched',
      read: async () => [{ value: (await probe()).count }],
    });
    this.oldestAge = keptGauge({
      name: 'notification_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox event not yet dispatched (0 when none)',
      read: async () => {
        const { oldest } = await probe();
        return [{ value: oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0 }];
      },
    });
    this.byStatus = keptGauge({
      name: 'notifications',
      help: 'Notification records by status (PENDING, RETRYING, SUCCESS, FAILED)',
      labelNames: ['status'],
      read: async () => {
        const counts = await statuses();
        return NOTIFICATION_STATUSES.map((status) => ({ labels: { status }, value: counts[status] ?? 0 }));
      },
    });
  }

  /** Every one of them, for the process's registry. */
  get all(): Metric[] {
    return [this.backlog, this.oldestAge, this.byStatus, this.dispatchLag, this.deliveries, this.latency];
  }

  observeTry(outcome: string, seconds: number, _status: string | undefined): void {
    this.deliveries.inc({ outcome });
    this.latency.observe({ outcome }, seconds);
  }
}
