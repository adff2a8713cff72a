import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_SETTINGS } from '../support/test-settings.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/**
 * `src/server.ts` run as production runs it (`node --import tsx`), with only the given environment.
 * Its stdout (JSON log lines) and stderr are collected; `waitForLog` resolves on a matching line.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stdout = '';
  stderr = '';
  private listeners: (() => void)[] = [];

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...TEST_SETTINGS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.received('stdout', chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => this.received('stderr', chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  private received(stream: 'stdout' | 'stderr', chunk: Buffer) {
    this[stream] += chunk.toString('utf8');
    for (const listener of this.listeners) listener();
  }

  logLines(): LogLine[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }

  /** Resolves with the first log line matching; rejects if the process exits first. */
  waitForLog(matches: (line: LogLine) => boolean, what: string): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.logLines().find(matches);
        if (!found) return;
        this.listeners = this.listeners.filter((l) => l !== check);
        resolve(found);
      };
      this.listeners.push(check);
      void this.exited.then((code) =>
        reject(new Error(`server exited (${code}) before logging ${what}; stderr: ${this.stderr}`)),
      );
      check();
    });
  }

  /** Never leave a server behind, whatever the test did. */
  kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
