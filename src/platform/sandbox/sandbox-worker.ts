import { parentPort } from 'node:worker_threads';
import type { SandboxReply, SandboxRequest, TaskTable } from './sandbox-protocol.js';

/** The worker's side: runs each task the sandbox sends with the table `exportName` of the module at `tasksUrl`. */
export async function serveTasks(tasksUrl: string, exportName: string): Promise<void> {
  const tasks = (await import(tasksUrl))[exportName] as TaskTable;
  const port = parentPort!;
  port.on('message', async ({ id, task, input }: SandboxRequest) => {
    let reply: SandboxReply;
    try {
      const handler = tasks[task];
      if (!handler) throw new Error(`no sandbox task named ${task}`);
      reply = { id, output: await handler(input) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
}
