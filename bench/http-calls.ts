import { performance } from 'node:perf_hooks';
import { request } from 'undici';

/** Where a scenario sends its calls, and as whom. */
export interface Caller {
  origin: string;
  token: string;
}

/** One JSON call with the caller's token; answers the status and the parsed body. */
export async function call(
  caller: Caller,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await request(`${caller.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${caller.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/** A POST that must create (201); throws with the answer otherwise. */
export async function created(caller: Caller, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await call(caller, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** One call after another until `until` (performance.now()), each one's latency kept. */
export async function probe(until: number, send: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    await send();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** An access token of a realm's client (`client_credentials`) from the service at `origin`. */
export async function clientToken(origin: string, realmName: string, clientSecret: string): Promise<string> {
  const answer = await request(`${origin}/iam/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ realmName, grantType: 'client_credentials', clientSecret }),
  });
  const body = (await answer.body.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token for realm ${realmName}: ${JSON.stringify(body)}`);
  return body.access_token;
}
