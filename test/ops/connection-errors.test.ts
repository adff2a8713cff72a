import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { expectSimpleError } from '../terms/terms-factories.js';
import { RawConnection, requestHead } from './raw-http.js';

let port: number;
const { t } = await useApp();
beforeAll(async () => {
  port = await listen(t);
});

async function listen(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.app.server.address() as { port: number }).port;
}

/** Sends `text` as is on a new connection; the answer must be whole and the connection closed after it. */
async function exchange(text: string, onPort = port) {
  const connection = await RawConnection.open(onPort);
  connection.write(text);
  const response = await connection.response();
  await connection.closed;
  return { response, body: JSON.parse(response.body) as { path: string; message: string } };
}

describe('requests Node refuses before they reach a route', () => {
  it.each([
    [
      'both Content-Length and Transfer-Encoding (request smuggling)',
      'POST /terms HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      '/terms',
    ],
    [
      'a header line without a colon',
      'GET /health/live?x=1 HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n',
      '/health/live',
    ],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', ''],
    [
      'a malformed chunk size',
      'POST /terms HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
      '/terms',
    ],
  ])('answers 400 in the error shape for %s and closes the connection', async (_name, text, path) => {
    const { response, body } = await exchange(text);
    expectSimpleError({ status: response.status, body }, 400, 'the request is not valid HTTP/1.1');
    expect(body.path).toBe(path);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.connection).toBe('close');
  });

  it('answers 431 in the error shape for headers larger than Node accepts', async () => {
    const { response, body } = await exchange(requestHead('GET', '/health/live', { 'x-big': 'b'.repeat(20_000) }));
    expectSimpleError(
      { status: response.status, body },
      431,
      'the request headers are larger than the 16384 bytes the server accepts',
    );
    expect(body.path).toBe('/health/live');
    expect(response.headers.connection).toBe('close');
  });
});

describe('a request that arrives while the server is closing', () => {
  it('answers 503 in the error shape with Connection: close, and the server still closes', async () => {
    const closing = await startTestApp();
    const closingPort = await listen(closing);
    // A connection busy with a request head at close() is not idle, so it is kept until its request is answered.
    const busy = await RawConnection.open(closingPort);
    busy.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    busy.write('\r\n');
    const response = await busy.response();
    expectSimpleError(
      { status: response.status, body: JSON.parse(response.body) },
      503,
      'the service is shutting down; retry the request',
    );
    expect(JSON.parse(response.body).path).toBe('/health/live');
    expect(response.headers.connection).toBe('close');
    await busy.closed;
    await closed;
  });
});
