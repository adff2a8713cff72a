/**
 * Where a job runs. `jobs`: work in the database that any one process may do (claimed with `FOR UPDATE SKIP LOCKED`
 * or a lease, so processes sharing it never do an item twice); it runs where JOBS=on and in `npm run worker`.
 * `api`: keeps the memory of a process serving the API current (the revocation list its token checks read); it runs
 * in every such process whatever JOBS says, and never in a worker, which checks no token.
 */
export type JobSlot = 'jobs' | 'api';

/**
 * A background job, declared by the module that owns it (an API module, or the platform module for the platform's
 * own tables) in what its `start` returns. The process decides whether it runs (JOBS, `npm run worker`); the runner
 * (job-runner.ts) starts a run every `everyMs`, never two of one job at once, and counts each in the job metrics.
 */
export interface JobDefinition {
  /** Unique in a process; the `job` label of `job_runs_total`, `job_run_duration_seconds` and `job_enabled`. */
  name: string;
  /** What it does, in one line; docs/operations.md's table of jobs says the same (a test compares them). */
  does: string;
  /** Milliseconds from one run's start to the next's; a run still going then makes that tick a no-op. */
  everyMs: number;
  /** `jobs` unless said otherwise. */
  slot?: JobSlot;
  /**
   * One run. What is due is decided by the service's clock (the one the module got in its context, a ManualClock in
   * tests), never by the system's. `signal` is aborted when the process stops: a run working through a backlog
   * batch by batch ends after the batch in hand, whose claims it records before the database closes.
   */
  run(signal: AbortSignal): Promise<unknown>;
}

/** Whether `job` runs in a process that runs the given slots. */
export function runsIn(job: JobDefinition, slots: readonly JobSlot[]): boolean {
  return slots.includes(job.slot ?? 'jobs');
}

/** `jobs`, refused when two share a name: the name tells them apart in the metrics and the logs. */
export function uniquelyNamed<T extends JobDefinition>(jobs: readonly T[]): readonly T[] {
  const names = jobs.map((job) => job.name);
  const twice = names.find((name, at) => names.indexOf(name) !== at);
  if (twice !== undefined) throw new Error(`job "${twice}" is declared twice`);
  return jobs;
}
