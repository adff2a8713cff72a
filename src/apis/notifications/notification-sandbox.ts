import { ProgramSandbox } from '../../platform/sandbox/program-sandbox.js';
import type { notificationPrograms } from './notification-programs.js';

/** A program (one selection, one template) running longer than this is stopped and fails alone. */
export const PROGRAM_TIME_LIMIT_MS = 5_000;
/** Worker threads for programs, and how many one tenant may hold at once (docs/security.md, "Fair shares"). */
export const PROGRAM_THREADS = 2;
export const PROGRAM_THREADS_PER_TENANT = 1;

export type NotificationSandbox = ProgramSandbox<typeof notificationPrograms>;

let shared: NotificationSandbox | undefined;

/**
 * The process's sandbox for notification programs, started on first use. One per process: its workers hold only
 * compiled paths and templates, nothing of a tenant's; tasks name their tenant and are served fairly across tenants.
 */
export function notificationSandbox(): NotificationSandbox {
  shared ??= new ProgramSandbox({
    tasksUrl: new URL('./notification-programs.ts', import.meta.url),
    exportName: 'notificationPrograms',
    timeoutMs: PROGRAM_TIME_LIMIT_MS,
    threads: PROGRAM_THREADS,
    perTenant: PROGRAM_THREADS_PER_TENANT,
  });
  return shared;
}
