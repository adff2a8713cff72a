// The sandbox's worker thread starts here: the service runs its TypeScript through tsx, which a worker thread does
// not inherit, so the worker registers it before loading the task modules it was given (program-sandbox.ts).

import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveTasks } = await import('./sandbox-worker.ts');
await serveTasks(workerData.tasksUrl, workerData.exportName);
