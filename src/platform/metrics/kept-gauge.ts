import { Gauge } from 'prom-client';

/** One reading: a value per label set (an empty label set for a gauge without labels). */
export type Reading = { labels?: Record<string, string>; value: number }[];

/** A reading slower than this is given up (the database may not answer at all): the gauge keeps its last value. */
export const READING_DEADLINE_MS = 500;

function within<T>(reading: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reading within ${ms} ms`)), ms);
  });
  return Promise.race([reading, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A gauge read from somewhere that may be down (the database) when scraped. A failed or late reading keeps the last
 * value (`db_up` says the database is down), so a scrape never fails or waits, and the series do not vanish during an
 * outage.
 */
export function keptGauge(options: {
  name: string;
  help: string;
  labelNames?: string[];
  read: () => Promise<Reading>;
}): Gauge {
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [],
    async collect() {
      let reading: Reading;
      try {
        reading = await within(options.read(), READING_DEADLINE_MS);
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
