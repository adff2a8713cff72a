import { ProgramSandbox } from '../../platform/sandbox/program-sandbox.js';
import type { notificationPrograms } from './notification-programs.js';

/** A program (one selection, one template) running longer than this is stopped and fails alone. */
export const PROGRAM_TIME_LIMIT_MS = 5_000;

export type NotificationSandbox = ProgramSandbox<typeof notificationPrograms>;

let shared: NotificationSandbox | undefined;

/**
 * The process's sandbox for notification programs, started on first use. One per process: its worker holds only
 * compiled paths and templates, nothing of a tenant's, and every caller waits for its own task only.
 */
export function notificationSandbox(): NotificationSandbox {
  shared ??= new ProgramSandbox({
    tasksUrl: new URL('./notification-programs.ts', import.meta.url),
    exportName: 'notificationPrograms',
    timeoutMs: PROGRAM_TIME_LIMIT_MS,
  });
  return shared;
}
