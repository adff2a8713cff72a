import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../support/outbox-events.js';
import type { TestApp } from '../support/test-app.js';
import { expectSimpleError, termsBody } from '../terms/terms-factories.js';
import { type Answer, type HttpClients, startConcurrentApp, statusCounts } from './concurrent-clients.js';

/** 50 clients updating one terms item at the same time, over real connections (optimistic concurrency, `dbVersion`). */
const CLIENTS = 50;

let t: TestApp;
let http: HttpClients;
let close: () => Promise<void>;
let operator: string;
beforeAll(async () => {
  ({ t, http, close } = await startConcurrentApp(CLIENTS));
  operator = await t.operator();
});
afterAll(() => close());

async function createTerms(): Promise<Record<string, any>> {
  const res = await http.send('POST', '/terms', operator, termsBody({ template: 'original' }));
  expect(res.status).toBe(201);
  return res.body;
}

/** The `updated` events of the item, by the version they produced. */
async function updates(id: string): Promise<Record<string, any>[]> {
  const events = (await eventsOf(t, 'terms', id)).filter((e) => e.fact === 'updated');
  return events.map((e) => e.involved.terms).sort((a, b) => a.dbVersion - b.dbVersion);
}

describe('50 concurrent PUTs based on the same dbVersion', () => {
  it('let exactly one win (dbVersion 1, its value stored); the 49 others answer 412 in the error shape', async () => {
    const item = await createTerms();
    const answers = await http.burst(CLIENTS, (i) =>
      http.send('PUT', `/terms/${item.id}`, operator, termsBody({ template: `client-${i}`, dbVersion: 0 })),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
    const winner = answers.find((a) => a.status === 200)!;
    expect(winner.body.dbVersion).toBe(1);
    expect(winner.headers.etag).toBe('"1"');
    for (const loser of answers.filter((a) => a.status === 412)) expectSimpleError(loser, 412);
    const stored = await http.send('GET', `/terms/${item.id}`, operator);
    expect(stored.body).toEqual(winner.body);
    expect((await updates(item.id)).map((doc) => doc.template)).toEqual([winner.body.template]);
  });

  it('do the same with If-Match: one 200, 49 answers 412', async () => {
    const item = await createTerms();
    const answers = await http.burst(CLIENTS, (i) =>
      http.send('PUT', `/terms/${item.id}`, operator, termsBody({ template: `client-${i}` }), { 'if-match': '"0"' }),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
    for (const loser of answers.filter((a) => a.status === 412)) expectSimpleError(loser, 412);
    expect((await http.send('GET', `/terms/${item.id}`, operator)).body.dbVersion).toBe(1);
  });
});

describe('10 rounds of 50 concurrent PUTs, each round based on the version the previous one produced', () => {
  it('let exactly one write win per round: dbVersions 1..10 in order, the final record and the events are the winners', async () => {
    const item = await createTerms();
    const winners: Record<string, any>[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await http.burst(CLIENTS, (i) =>
        http.send(
          'PUT',
          `/terms/${item.id}`,
          operator,
          termsBody({ template: `round-${round}-client-${i}`, dbVersion: round }),
        ),
      );
      expect(statusCounts(answers)).toEqual({ 200: 1, 412: CLIENTS - 1 });
      winners.push(answers.find((a) => a.status === 200)!.body);
    }
    expect(winners.map((w) => w.dbVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await http.send('GET', `/terms/${item.id}`, operator)).body).toEqual(winners.at(-1));
    expect((await updates(item.id)).map((doc) => [doc.dbVersion, doc.template])).toEqual(
      winners.map((w) => [w.dbVersion, w.template]),
    );
  });
});

/** Free-running contention costs about WRITERS² requests; 20 writers keep the file quick on a busy CI machine. */
const WRITERS = 20;

describe(`${WRITERS} concurrent clients each writing until their write is accepted (read, PUT with the read dbVersion, 412: read again)`, () => {
  it(`produce dbVersions 1..${WRITERS} exactly once each, every success one above the version it read, and the final record is the last success`, async () => {
    const item = await createTerms();
    const successes: { client: number; readVersion: number; answer: Answer }[] = [];
    let refusals = 0;
    await http.burst(WRITERS, async (client) => {
      // Bounded, so a regression fails the test instead of leaving writers running after it.
      for (let attempt = 0; attempt <= WRITERS; attempt += 1) {
        const read = await http.send('GET', `/terms/${item.id}`, operator);
        const answer = await http.send(
          'PUT',
          `/terms/${item.id}`,
          operator,
          termsBody({ template: `client-${client}`, dbVersion: read.body.dbVersion }),
        );
        if (answer.status === 200) return void successes.push({ client, readVersion: read.body.dbVersion, answer });
        expectSimpleError(answer, 412);
        refusals += 1;
      }
    });
    const versions = successes.map((s) => s.answer.body.dbVersion).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    for (const s of successes) expect(s.answer.body.dbVersion).toBe(s.readVersion + 1);
    const last = successes.find((s) => s.answer.body.dbVersion === WRITERS)!;
    expect((await http.send('GET', `/terms/${item.id}`, operator)).body).toEqual(last.answer.body);
    // The event log holds exactly the accepted writes, each with the value its client sent.
    const byVersion = new Map(successes.map((s) => [s.answer.body.dbVersion, `client-${s.client}`]));
    expect((await updates(item.id)).map((doc) => [doc.dbVersion, doc.template])).toEqual(
      [...byVersion.entries()].sort(([a], [b]) => a - b),
    );
    console.info(`contended writers: ${WRITERS} successes, ${refusals} answers 412 on the way`);
  });
});
