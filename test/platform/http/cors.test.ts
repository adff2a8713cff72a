import { describe, expect, it } from 'vitest';
import { configRefusal } from '../../support/config-refusal.js';
import { useApp } from '../../support/fixture.js';

const ORIGIN = 'https://console.example.com';
const { t } = await useApp({ env: { CORS_ORIGINS: `${ORIGIN}, http://localhost:5173` } });
const { t: closed } = await useApp();

const preflight = (app: typeof t, origin: string, method = 'PUT') =>
  app.inject({
    method: 'OPTIONS',
    url: '/terms/x',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, idempotency-key, if-match',
    },
  });

describe('CORS (CORS_ORIGINS)', () => {
  it('answers the preflight of a listed origin: its methods and headers, remembered 10 minutes, no credentials', async () => {
    const res = await preflight(t, ORIGIN);
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE',
      'access-control-max-age': '600',
    });
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toBe(
      'authorization, content-type, idempotency-key, if-match',
    );
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a listed origin read the headers a client follows up with (ETag, Location, replays, request id, rate limits)', async () => {
    const operator = await t.operator();
    const res = await t.inject({
      method: 'POST',
      url: '/terms',
      headers: { origin: ORIGIN, authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: { startDate: '2026-01-01T00:00:00Z', template: 'x', model: 'MOR' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['ETag', 'Location', 'Idempotent-Replayed', 'X-Request-Id', 'Retry-After']),
    );
  });

  it('gives an origin that is not listed no CORS header, and with no origins listed answers OPTIONS 405 as before', async () => {
    const other = await preflight(t, 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const none = await preflight(closed, ORIGIN);
    expect(none.statusCode).toBe(405);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a CORS_ORIGINS entry that is not an origin, naming it', () => {
    expect(configRefusal({ CORS_ORIGINS: 'https://console.example.com/app' })).toContain(
      'CORS_ORIGINS must be a comma list of origins',
    );
    expect(configRefusal({ CORS_ORIGINS: 'console.example.com' })).toContain('"console.example.com"');
  });
});
