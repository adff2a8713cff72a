import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionFailure } from '../../../platform/db/connection-failures.js';
import { FairTurn } from '../../../platform/jobs/fair-claim.js';
import { drainFairly } from '../../../platform/jobs/fair-drain.js';
import type { JobDefinition } from '../../../platform/jobs/job.js';
import { failImport, type ImportWork, runChunk } from './import-chunk.js';
import { waitingImports } from './import-rows.repository.js';

/** Chunks in a row an import may fail on before it is ended FAILED (a fault, not a refused row: those are recorded). */
const FAILURES_BEFORE_GIVING_UP = 3;
/** While another process holds every import this one was given, how long to wait before asking again. */
const HELD_ELSEWHERE_MS = 200;

export const PRODUCT_IMPORT_JOB = {
  name: 'product imports',
  does: "stores the rows of bulk product imports, a chunk of one tenant's import at a time, tenants in turn",
} as const;

/**
 * The import job: each tenant's oldest waiting import, a chunk at a time, tenants in turn (fairPick, drainFairly), so
 * a tenant importing a million rows holds one of `tenants` slots and another tenant's import starts at the next
 * claim. A chunk that fails for a fault is tried again; after FAILURES_BEFORE_GIVING_UP in a row the import is FAILED
 * with the reason. A lost database connection is not the import's fault: the run ends and the next one resumes.
 */
export function productImportJob(work: ImportWork, tenants: number, everyMs = 1000): JobDefinition {
  const turn = new FairTurn(tenants);
  const failures = new Map<string, number>();
  const runGuarded = async (importId: string): Promise<boolean> => {
    try {
      const ran = await runChunk(work, importId);
      failures.delete(importId);
      return ran;
    } catch (error) {
      if (isConnectionFailure(error)) throw error;
      const failed = (failures.get(importId) ?? 0) + 1;
      failures.set(importId, failed);
      if (failed < FAILURES_BEFORE_GIVING_UP) throw error;
      failures.delete(importId);
      await failImport(work, importId, `the import stopped on a fault: ${(error as Error).message}`);
      return true;
    }
  };
  return {
    ...PRODUCT_IMPORT_JOB,
    everyMs,
    run: (signal) =>
      drainFairly(
        {
          claim: async (busy, room) => {
            // A round walks as many tenants as it may serve (and those busy, which it skips): walking more would
            // serve the first ones only, and the next round would start from them again (one slot and two
            // tenants: the second never served).
            const tenantsNow = Math.max(room, 1) + busy.length;
            const walk = () => waitingImports(work.db, { after: turn.start, tenants: tenantsNow, busy, limit: room });
            const startedAfter = turn.start;
            let round = await walk();
            turn.walked(round.walkedTo, round.walked, tenantsNow);
            // The tenants after the last one served had nothing: the turn goes on from the first.
            if (round.walked === 0 && startedAfter !== '') {
              round = await walk();
              turn.walked(round.walkedTo, round.walked, tenantsNow);
            }
            return { items: round.imports, wrapped: turn.start === '' };
          },
          ownerOf: (item) => item.owner,
          run: async (items) => {
            let ran = false;
            for (const item of items) ran = (await runGuarded(item.id)) || ran;
            if (!ran) await sleep(HELD_ELSEWHERE_MS, undefined, { ref: false });
          },
        },
        { concurrency: tenants, pollMs: HELD_ELSEWHERE_MS, signal },
      ),
  };
}
