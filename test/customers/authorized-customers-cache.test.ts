import { describe, expect, it } from 'vitest';
import { AuthorizedCustomersCache } from '../../src/apis/customers/authorized-customers.cache.js';

/** A loader whose answers the test controls, counting calls; `hold` keeps the next answer pending until released. */
function loader(values: Record<string, string[]>) {
  const calls: string[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  return {
    calls,
    values,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => open(),
    load: async (id: string) => {
      calls.push(id);
      const answer = [...(values[id] ?? [])];
      if (gate) await gate;
      return answer;
    },
  };
}

describe('AuthorizedCustomersCache', () => {
  it('answers from memory within the TTL and reloads after it', async () => {
    let now = 1_000;
    const source = loader({ r: ['p1'] });
    const cache = new AuthorizedCustomersCache(source.load, 5_000, 100, () => now);
    expect(await cache.get('r')).toEqual(['p1']);
    source.values.r = ['p2'];
    now += 4_999;
    expect(await cache.get('r')).toEqual(['p1']);
    now += 1;
    expect(await cache.get('r')).toEqual(['p2']);
    expect(source.calls).toEqual(['r', 'r']);
  });

  it('reloads at once after invalidate', async () => {
    const source = loader({ r: ['p1'] });
    const cache = new AuthorizedCustomersCache(source.load);
    await cache.get('r');
    source.values.r = [];
    cache.invalidate('r');
    expect(await cache.get('r')).toEqual([]);
  });

  it('shares one load between concurrent requests', async () => {
    const source = loader({ r: ['p1'] });
    const cache = new AuthorizedCustomersCache(source.load);
    expect(await Promise.all([cache.get('r'), cache.get('r'), cache.get('r')])).toEqual([['p1'], ['p1'], ['p1']]);
    expect(source.calls).toEqual(['r']);
  });

  it('does not keep what a load read before an invalidation', async () => {
    const source = loader({ r: ['old'] });
    const cache = new AuthorizedCustomersCache(source.load);
    source.hold();
    const inFlight = cache.get('r');
    await Promise.resolve();
    source.values.r = ['new'];
    cache.invalidate('r');
    source.release();
    expect(await inFlight).toEqual(['old']);
    expect(await cache.get('r')).toEqual(['new']);
  });

  it('stays within its capacity, dropping the oldest entry', async () => {
    const source = loader({});
    const cache = new AuthorizedCustomersCache(source.load, 60_000, 2);
    for (const id of ['a', 'b', 'c', 'a']) await cache.get(id);
    expect(source.calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
