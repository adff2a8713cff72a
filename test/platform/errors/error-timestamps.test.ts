import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { RawConnection } from '../../ops/raw-http.js';
import { useApp } from '../../support/fixture.js';

/**
 * Error bodies carry the app's time: their `timestamp` is read from the clock the app was built with, whichever part
 * answers (the error handler, the not-found handler, the router's framework errors, or the raw answer to a request
 * Node refused before any request existed). A clock years away from the real time shows where it was read.
 */
const clock = new ManualClock('2031-02-03T04:05:06.789Z');
const { t, base } = await useApp({ clock, listen: true });
const port = Number(new URL(base).port);

const timestampOf = (body: unknown) => (body as { timestamp: number }).timestamp;

describe('error bodies take their timestamp from the app clock', () => {
  it.each([
    ['no route (404)', 'GET', '/no-such-collection'],
    ['a method the path does not take (405)', 'DELETE', '/health/live'],
    ['an id the router refuses (404)', 'GET', '/terms/%E0%A4%A'],
    ['no token (401)', 'GET', '/terms'],
  ] as const)('%s', async (_name, method, url) => {
    const res = await t.request(method, url, undefined);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(timestampOf(res.body)).toBe(clock.now().getTime());
  });

  it('a body that fails validation (400), after the clock moved', async () => {
    clock.advance(61_000);
    const res = await t.request('POST', '/iam/tokens', undefined, { grantType: 42 });
    expect(res.status).toBe(400);
    expect(timestampOf(res.body)).toBe(clock.now().getTime());
  });

  it('a request Node refuses, answered on the socket (400)', async () => {
    const connection = await RawConnection.open(port);
    connection.write('HELLO THERE\r\n\r\n');
    const response = await connection.response();
    await connection.closed;
    expect(response.status).toBe(400);
    expect(timestampOf(JSON.parse(response.body))).toBe(clock.now().getTime());
  });
});
