import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used (user + system, from /proc), so a bench can report the service's CPU per request:
 * a figure that a busy machine disturbs far less than latency. Undefined where /proc is not available.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds the PostgreSQL backends of one service have used, told apart from other clients' by their
 * `application_name`: each backend's last reading is kept, so a connection the pool closed still counts. Sample it
 * often enough (a backend opened and closed between two samples is missed).
 */
export class BackendCpu {
  private readonly seconds = new Map<number, number>();

  constructor(
    private readonly query: (text: string, values: unknown[]) => Promise<{ rows: { pid: number }[] }>,
    private readonly applicationName: string,
  ) {}

  async sample(): Promise<number> {
    const { rows } = await this.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      this.applicationName,
    ]);
    for (const { pid } of rows) {
      const used = processCpuSeconds(pid);
      if (used !== undefined) this.seconds.set(pid, used);
    }
    return [...this.seconds.values()].reduce((sum, used) => sum + used, 0);
  }
}
