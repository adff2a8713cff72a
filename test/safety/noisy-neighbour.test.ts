import { describe, expect, it } from 'vitest';
import { measureNoisyNeighbour } from '../../bench/noisy-neighbour-scenario.js';
import { useApp } from '../support/fixture.js';

/**
 * One tenant's heavy or failing work never slows another's (docs/security.md, "Fair shares"): while tenant A loops
 * over its most expensive allowed programs, definition tests, events delivered to a receiver that takes 2 s, and
 * uploads, tenant B's reads, sign-ins and web hook deliveries stay within bounds of what B sees alone.
 * `npm run bench:starvation` prints the figures; the bounds below are loose enough for a busy CI machine (the whole
 * suite shares its two cores) and still far below what the unfair service gave: B's web hook waited 41–94 s behind
 * A's events and tests, and a wide pattern held the event loop for seconds.
 */
const { t, base } = await useApp({
  listen: true,
  env: { JOBS: 'on', NOTIFICATION_POLL_MS: '20', OUTBOUND_ALLOWLIST: '127.0.0.1', TOKEN_RATE_LIMIT: '1000000' },
});

describe('a noisy neighbour', () => {
  it("leaves another tenant's reads, sign-ins and web hook deliveries within bounds of its quiet figures", async () => {
    const figures = await measureNoisyNeighbour({ origin: base, token: await t.operator() }, 4);
    console.log(`noisy neighbour: ${JSON.stringify(figures)}`);
    const { quiet, noisy, attack } = figures;
    expect(attack.pricedReads, "A's load ran").toBeGreaterThan(4);
    expect(attack.events).toBeGreaterThan(4);
    expect(noisy.delivery.count, "B's web hooks arrived under A's load").toBeGreaterThan(2);
    expect(noisy.read.p99, "B's read p99 (ms)").toBeLessThan(quiet.read.p99 + 1500);
    expect(noisy.signIn.p99, "B's sign-in p99 (ms)").toBeLessThan(quiet.signIn.p99 + 1500);
    expect(noisy.delivery.p99, "B's web hook delivery p99 (ms)").toBeLessThan(quiet.delivery.p99 + 3000);
  });
});
