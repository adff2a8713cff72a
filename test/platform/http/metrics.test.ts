import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const { t, operator } = await useApp({ operator: true });

async function metricsText(app: TestApp): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The `_count` sample of the request duration histogram for one label set, 0 when absent. */
function requestCount(text: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('serves the Prometheus text format without a token, with the default process metrics', async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('labels request durations by route pattern, never by the raw URL', async () => {
    for (const id of ['raw-id-one', 'raw-id-two']) await t.request('GET', `/terms/${id}`, operator);
    const text = await metricsText(t);
    expect(requestCount(text, 'method="GET",route="/terms/:id",status_code="404"')).toBe(2);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/terms/:id",status_code="404"}',
    );
    expect(text).not.toContain('raw-id-one');
  });

  it('labels requests that match no route "unmatched"', async () => {
    await t.request('GET', '/no/such/route-xyz', undefined);
    const text = await metricsText(t);
    expect(requestCount(text, 'method="GET",route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('route-xyz');
  });

  it('keeps one registry per app: a second app in the same process counts only its own requests', async () => {
    const other = await startTestApp();
    try {
      await t.request('GET', '/health/live', undefined);
      const before = requestCount(await metricsText(other), 'method="GET",route="/health/live",status_code="200"');
      await other.request('GET', '/health/live', undefined);
      const after = requestCount(await metricsText(other), 'method="GET",route="/health/live",status_code="200"');
      expect([before, after]).toEqual([0, 1]);
    } finally {
      await other.close();
    }
  });
});
