import { Gauge } from 'prom-client';

/** One reading: a value per label set (an empty label set for a gauge without labels). */
export type Reading = { labels?: Record<string, string>; value: number }[];

/**
 * A gauge read from somewhere that may be down (the database) when scraped. A failed reading keeps the last value
 * (`db_up` says the database is down), so a scrape never fails and the series do not vanish during an outage.
 */
export function keptGauge(options: { name: string; help: string; labelNames?: string[]; read: () => Promise<Reading> }): Gauge {
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [],
    async collect() {
      let reading: Reading;
      try {
        reading = await options.read();
      } catch {
        return;
      }
      for (const { labels, value } of reading) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}
