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
