import { Agent, request } from 'undici';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** An answer as a test reads it: status, headers and the body parsed when it is JSON. */
export interface Answer<Body = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Body;
}

/**
 * Clients of an app listening on a real port: each request travels over its own keep-alive connection (up to
 * `connections` at once), so a burst reaches the server as truly concurrent requests, parsed and routed in parallel
 * as in production, and not one after another as `inject` hands them over.
 */
export class HttpClients {
  private readonly agent: Agent;

  private constructor(
    readonly origin: string,
    private readonly connections: number,
  ) {
    this.agent = new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  /** Starts `t` listening on a free port of 127.0.0.1 and opens `connections` connections to it. */
  static async of(t: TestApp, connections = 50): Promise<HttpClients> {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const clients = new HttpClients(`http://127.0.0.1:${port}`, connections);
    // Connect every socket before the first burst: the burst's requests then leave together, no handshake between.
    await clients.burst(connections, () => clients.send('GET', '/health/live'));
    return clients;
  }

  async send<Body = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<Body>> {
    const response = await request(`${this.origin}${path}`, {
      method,
      dispatcher: this.agent,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.body.text();
    const type = String(response.headers['content-type'] ?? '');
    return {
      status: response.statusCode,
      headers: response.headers,
      body: (type.includes('json') && text ? JSON.parse(text) : text) as Body,
    };
  }

  /** `count` requests started in the same tick; resolves with every answer, in client order. */
  burst<T>(count: number, client: (index: number) => Promise<T>): Promise<T[]> {
    if (count > this.connections)
      throw new Error(`a burst of ${count} needs ${count} connections; this pool has ${this.connections}`);
    return Promise.all(Array.from({ length: count }, (_, index) => client(index)));
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** How many answers had each status: `{ 200: 1, 412: 49 }`. */
export function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A concurrency test file's app, listening, with `connections` clients; `close` ends both. */
export async function startConcurrentApp(
  connections: number,
): Promise<{ t: TestApp; http: HttpClients; close: () => Promise<void> }> {
  const t = await startTestApp();
  const http = await HttpClients.of(t, connections);
  return {
    t,
    http,
    close: async () => {
      await http.close();
      await t.close();
    },
  };
}
