import { readFileSync } from 'node:fs';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATOR_SECRET, startTestApp } from '../support/test-app.js';

/**
 * What operators scrape: `/metrics` parsed with a Prometheus text-format parser holds every family docs/operations.md
 * lists, and nothing it does not list (besides prom-client's process_* and nodejs_*), with the IAM counters moving
 * as tokens are issued and refused; and it keeps answering, with `db_up 0`, once the database is gone.
 */
interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string> }[];
}

const t = await startTestApp({ SIGN_IN_FREE_ATTEMPTS: '1' });
let closedDatabase = false;
afterAll(async () => {
  if (!closedDatabase) await t.close();
  else await t.app.close().catch(() => undefined);
});

async function scrape(app = t): Promise<Map<string, Family>> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return new Map((parsePrometheusTextFormat(res.body) as Family[]).map((family) => [family.name, family]));
}

const documented = [
  ...readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8').matchAll(
    /^\| `([a-z_]+)` \| (\w+) \|/gm,
  ),
].map(([, name, type]) => ({ name: name!, type: type! }));
const valueIn = (family: Family | undefined, labels: Record<string, string> = {}) =>
  Number(
    family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value))
      ?.value ?? Number.NaN,
  );

describe('GET /metrics, parsed', () => {
  it('holds every family docs/operations.md lists, of the type it says, and no other', async () => {
    // The events that make the labelled counters appear.
    await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET });
    const families = await scrape();
    expect(documented.length).toBeGreaterThan(15);
    for (const { name, type } of documented) expect(families.get(name)?.type, name).toBe(type.toUpperCase());
    const undocumented = [...families.keys()].filter(
      (name) =>
        !name.startsWith('process_') && !name.startsWith('nodejs_') && !documented.some((entry) => entry.name === name),
    );
    expect(undocumented).toEqual([]);
    expect(valueIn(families.get('build_info'))).toBe(1);
    expect(families.get('build_info')!.metrics[0]!.labels).toMatchObject({
      version: expect.any(String),
      node: process.version,
    });
  });

  it('counts tokens by grant, refused sign-ins by kind, and throttled sign-ins by key', async () => {
    const before = await scrape();
    await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET });
    await t.request('POST', '/iam/tokens', undefined, {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: 'wrong',
    });
    // One free failure, one more checked (it starts the wait), then one refused by the throttle.
    for (let i = 0; i < 3; i += 1)
      await t.request('POST', '/iam/tokens', undefined, {
        realmName: 'operator',
        username: 'admin',
        password: 'wrong',
      });
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      (valueIn(after.get(name), labels) || 0) - (valueIn(before.get(name), labels) || 0);
    expect(grew('iam_tokens_issued_total', { grant: 'client_credentials' })).toBe(1);
    expect(grew('iam_sign_in_failures_total', { kind: 'client' })).toBe(1);
    expect(grew('iam_sign_in_failures_total', { kind: 'user' })).toBe(2);
    expect(grew('iam_sign_ins_throttled_total', { key: 'username' })).toBe(1);
    expect(valueIn(after.get('db_up'))).toBe(1);
    expect(valueIn(after.get('http_requests_in_flight'))).toBeGreaterThanOrEqual(1);
  });

  it('keeps answering once the database is gone: db_up 0, and the gauges read from it keep their last value', async () => {
    const before = await scrape();
    const backlog = valueIn(before.get('notification_outbox_backlog'));
    expect(Number.isFinite(backlog)).toBe(true);
    await t.built.db.close();
    closedDatabase = true;
    const during = await scrape();
    expect(valueIn(during.get('db_up'))).toBe(0);
    expect(valueIn(during.get('notification_outbox_backlog'))).toBe(backlog);
    expect(valueIn(during.get('notifications'), { status: 'PENDING' })).toBe(
      valueIn(before.get('notifications'), { status: 'PENDING' }),
    );
  });
});

describe('GET /metrics while the database holds every query', () => {
  it('still answers, the gauges read from the database keeping their last value', async () => {
    const held = await startTestApp();
    try {
      const before = await scrape(held);
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = held.built.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE notifications, outbox IN ACCESS EXCLUSIVE MODE');
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isLocked;
      // Without the reading deadline this scrape would wait for the lock: the test would time out.
      const during = await scrape(held);
      release();
      await holding;
      expect(valueIn(during.get('notification_outbox_backlog'))).toBe(
        valueIn(before.get('notification_outbox_backlog')),
      );
      expect(valueIn(during.get('notifications'), { status: 'FAILED' })).toBe(
        valueIn(before.get('notifications'), { status: 'FAILED' }),
      );
    } finally {
      await held.close();
    }
  }, 20_000);
});

describe('deploy/grafana-dashboard.json', () => {
  it('is built on the documented metrics only, and shows every documented family', () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    const names = new Set(
      expressions
        .flatMap((expr) => [...expr.matchAll(/\b([a-z][a-z0-9_]*)(?=[{[\s)]|$)/g)].map(([, name]) => name!))
        .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    const known = new Set(documented.map((entry) => entry.name));
    const metricNames = [...names].filter((name) => name.includes('_') || known.has(name));
    const unknown = metricNames.filter(
      (name) =>
        !known.has(name) &&
        !name.startsWith('process_') &&
        !name.startsWith('nodejs_') &&
        !['histogram_quantile', 'legend_format'].includes(name),
    );
    expect(unknown).toEqual([]);
    expect(documented.map((entry) => entry.name).filter((name) => !names.has(name))).toEqual([]);
  });
});
