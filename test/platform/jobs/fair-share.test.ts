import { describe, expect, it } from 'vitest';
import { FairShare } from '../../../src/platform/jobs/fair-share.js';

/** A task that runs until the test ends it, recording when it started. */
function gate(started: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await ended;
      return name;
    },
    end,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairShare', () => {
  it("serves tenants in turn, so a tenant's long queue never holds another's next task back", async () => {
    const share = new FairShare({ concurrency: 1, perTenant: 1 });
    const started: string[] = [];
    const gates = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((name) => ({ name, ...gate(started, name) }));
    const done = gates.map((g) => share.run(g.name[0], g.task));
    for (let turn = 0; turn < gates.length; turn += 1) {
      await settle();
      const running = gates.find((candidate) => candidate.name === started[started.length - 1]);
      running?.end();
    }
    await Promise.all(done);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('runs no more than perTenant of one tenant, and gives the other slots to other tenants', async () => {
    const share = new FairShare({ concurrency: 3, perTenant: 1 });
    const started: string[] = [];
    const a = [gate(started, 'a1'), gate(started, 'a2'), gate(started, 'a3')];
    const b = gate(started, 'b1');
    const runs = [...a.map((g) => share.run('a', g.task)), share.run('b', b.task)];
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(share.waiting).toBe(2);
    a[0]!.end();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    for (const g of [...a, b]) g.end();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1']);
  });

  it("keys the operator's work (no owner) as one tenant, and passes a task's failure to its caller only", async () => {
    const share = new FairShare({ concurrency: 2, perTenant: 1 });
    const failing = share.run(null, async () => {
      throw new Error('broken');
    });
    const fine = share.run(undefined, async () => 'fine');
    await expect(failing).rejects.toThrow('broken');
    expect(await fine).toBe('fine');
  });
});
