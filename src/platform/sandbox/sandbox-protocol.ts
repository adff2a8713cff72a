/** The tasks a sandbox runs, by name: each takes and answers structured-clonable values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskTable = Record<string, (input: any) => unknown>;

export interface SandboxRequest {
  id: number;
  task: string;
  input: unknown;
}

export type SandboxReply =
  | { id: number; output: unknown; error?: undefined }
  | { id: number; error: string; output?: undefined };
