/** The tasks a sandbox runs, by name: each takes and answers structured-clonable values. */
// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input; the table holds them all.
export type TaskTable = Record<string, (input: any) => unknown>;

export interface SandboxRequest {
  id: number;
  task: string;
  input: unknown;
}

export type SandboxReply =
  | { id: number; output: unknown; error?: undefined }
  | { id: number; error: string; output?: undefined };
