import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker, type Worker } from '../../../src/worker-app.js';
import { type DeclaredJob, declaredJobs, enabledJobsIn } from '../../support/declared-jobs.js';
import { useApp } from '../../support/fixture.js';
import type { TestApp } from '../../support/test-app.js';

/**
 * Generated from what the modules declare, not from a list kept here: every job of every module is run by a worker
 * (or, for the API's own, by every API process), shows on that process's /metrics, and is documented.
 */
// Jobs on, as `npm start` runs by default; the checks are on which loops are started, not on what they did.
const { t } = await useApp({ env: { JOBS: 'on' } });
let worker: Worker;
let declared: DeclaredJob[];

async function enabledJobs(inject: TestApp['inject']): Promise<string[]> {
  const res = await inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return enabledJobsIn(res.body);
}

const names = (jobs: DeclaredJob[]) => jobs.map((job) => job.name).sort();

beforeAll(async () => {
  declared = await declaredJobs(t);
  worker = await buildWorker(t.config);
}, 120_000);
afterAll(async () => {
  await worker?.app.close();
});

describe('the jobs every module declares', () => {
  it('are declared by some modules, each name once', () => {
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(names(declared)).size).toBe(declared.length);
    expect(declared.filter((job) => !['jobs', 'api'].includes(job.slot))).toEqual([]);
  });

  it('all run in a worker, but those keeping an API process current, and show on its /metrics', async () => {
    const shared = names(declared.filter((job) => job.slot === 'jobs'));
    expect([...worker.jobs.names].sort()).toEqual(shared);
    expect(await enabledJobs((options) => worker.app.inject(options))).toEqual(shared);
  });

  it('all run in an API process with JOBS=on, and show on its /metrics', async () => {
    expect([...t.built.jobs.names].sort()).toEqual(names(declared));
    expect(await enabledJobs((options) => t.inject(options))).toEqual(names(declared));
  });

  it("are each listed in docs/operations.md's table of jobs with the module declaring it and what it does, and no other", () => {
    const page = readFileSync('docs/operations.md', 'utf8');
    const table = page.slice(page.indexOf('## Jobs'));
    const documented = [...table.matchAll(/^\| `([^`]+)` \| (\w+) \| [^|]+ \| ([^|]+) \|$/gm)].map(
      ([, name, module, does]) => ({ name: name!, module: module!, does: does!.replaceAll('`', '') }),
    );
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(documented.sort(byName)).toEqual(
      declared.map(({ name, module, does }) => ({ name, module, does })).sort(byName),
    );
  });
});

describe('a worker (npm run worker) built without the API', () => {
  it('answers its health and metrics, and 404 for the API, the reference and the console', async () => {
    for (const url of ['/health/live', '/health/ready', '/metrics'])
      expect((await worker.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    for (const [method, url] of [
      ['GET', '/terms'],
      ['POST', '/iam/tokens'],
      ['GET', '/subscriptions'],
      ['GET', '/openapi.json'],
      ['GET', '/docs'],
      ['GET', '/console'],
    ] as const) {
      const res = await worker.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, path: url });
    }
  });
});
