import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssetApp, multipart, startAssetApp } from '../assets/asset-kit.js';
import { sleep } from '../support/wait.js';
import { expectSimpleError, TERMS } from '../terms/terms-factories.js';
import { RawConnection, type RawResponse, requestHead } from './raw-http.js';

/** Short limits so a slow client is cut off within the test: head 1 s, body 1 s, whole request 3 s, keep-alive 1 s. */
const LIMITS = { HEADERS_TIMEOUT: '1', BODY_TIMEOUT: '1', REQUEST_TIMEOUT: '3', KEEP_ALIVE_TIMEOUT: '1' };

let a: AssetApp;
let port: number;
let operator: string;
beforeAll(async () => {
  a = await startAssetApp(LIMITS);
  await a.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (a.t.app.server.address() as { port: number }).port;
  operator = await a.t.operator();
});
afterAll(() => a.close());

/** Writes `text` one byte every `everyMs` until the connection closes or the text runs out. */
async function trickle(connection: RawConnection, text: string, everyMs: number) {
  let open = true;
  void connection.closed.then(() => (open = false));
  for (const char of text) {
    if (!open) return;
    connection.write(char);
    await sleep(everyMs);
  }
}

/** The answer and how long it took from the first byte; the connection must close after it. */
async function answered(
  connection: RawConnection,
  started: number,
): Promise<{ response: RawResponse; body: unknown; seconds: number }> {
  const response = await connection.response();
  const seconds = (Date.now() - started) / 1000;
  await connection.closed;
  return { response, body: JSON.parse(response.body), seconds };
}

describe('a client that sends its request head too slowly', () => {
  it('answers 408 in the error shape after HEADERS_TIMEOUT and closes the connection', async () => {
    const connection = await RawConnection.open(port);
    const started = Date.now();
    void trickle(connection, `GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'x'.repeat(100)}`, 100);
    const { response, body, seconds } = await answered(connection, started);
    expectSimpleError({ status: response.status, body }, 408, 'the request headers were not received within 1 s');
    expect(response.headers.connection).toBe('close');
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThan(3);
  });
});

describe('a client that sends a JSON body too slowly', () => {
  const body = JSON.stringify({
    realmName: 'operator',
    grantType: 'client_credentials',
    clientSecret: 'x'.repeat(200),
  });
  const head = requestHead('POST', '/iam/tokens', {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });

  it.each([
    ['trickles in', (connection: RawConnection) => trickle(connection, body, 50)],
    ['never completes', (connection: RawConnection) => connection.write(body.slice(0, 10))],
  ])('answers 408 in the error shape after BODY_TIMEOUT when the body %s, without a token', async (_name, send) => {
    const connection = await RawConnection.open(port);
    const started = Date.now();
    connection.write(head);
    void send(connection);
    const { response, body: answer, seconds } = await answered(connection, started);
    expectSimpleError({ status: response.status, body: answer }, 408, 'the request body was not received within 1 s');
    expect((answer as { path: string }).path).toBe('/iam/tokens');
    expect(response.headers.connection).toBe('close');
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThan(3);
  });

  it('answers a request refused before its body (no token) at once and closes instead of reading the rest', async () => {
    const terms = JSON.stringify(TERMS.body());
    const connection = await RawConnection.open(port);
    const started = Date.now();
    connection.write(
      requestHead('POST', '/terms', { 'content-type': 'application/json', 'content-length': Buffer.byteLength(terms) }),
    );
    void trickle(connection, terms, 100);
    const { response, seconds } = await answered(connection, started);
    expect(response.status).toBe(401);
    expect(response.headers.connection).toBe('close');
    expect(seconds).toBeLessThan(1);
  });

  it('still takes a body that arrives in time, on a connection kept alive', async () => {
    const terms = JSON.stringify(TERMS.body());
    const connection = await RawConnection.open(port);
    connection.write(
      requestHead('POST', '/terms', {
        authorization: `Bearer ${operator}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(terms),
      }),
    );
    await trickle(connection, terms, 2);
    const response = await connection.response();
    expect(response.status).toBe(201);
    expect(response.headers.connection).toBe('keep-alive');
    connection.socket.destroy();
  });
});

describe('an upload that arrives too slowly', () => {
  it('answers 408 in the error shape after REQUEST_TIMEOUT (uploads are not held to BODY_TIMEOUT)', async () => {
    const form = multipart([{ name: 'file', filename: 'slow.txt', contentType: 'text/plain', data: 'y'.repeat(400) }]);
    const connection = await RawConnection.open(port);
    const started = Date.now();
    connection.write(
      requestHead('POST', '/assets', {
        authorization: `Bearer ${operator}`,
        ...form.headers,
        'content-length': form.payload.length,
      }),
    );
    void trickle(connection, form.payload.toString('latin1'), 20);
    const { response, body, seconds } = await answered(connection, started);
    expectSimpleError({ status: response.status, body }, 408, 'the request was not received in full within 3 s');
    expect((body as { path: string }).path).toBe('/assets');
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThan(6);
  });
});

describe('an idle keep-alive connection', () => {
  // Node 20 keeps an idle socket up to one second past keepAliveTimeout.
  it('is closed after KEEP_ALIVE_TIMEOUT', async () => {
    const connection = await RawConnection.open(port);
    connection.write(requestHead('GET', '/health/live', {}));
    expect((await connection.response()).status).toBe(200);
    const started = Date.now();
    await connection.closed;
    expect((Date.now() - started) / 1000).toBeLessThan(4);
  });
});
