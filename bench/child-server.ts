import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { unreachableDatabase } from './bench-database.js';

/**
 * The heap limit `npm start` gives the service (package.json's start script, the one place it is written): a bench's
 * server runs under it too, so its memory and speed are the service's (docs/operations.md, "Memory").
 */
function serviceHeapFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.scripts.start).match(/--max-old-space-size=\d+/g) ?? [];
}

/**
 * Starts a bench server script (`./catalog-server.ts`) in a child process and waits for its handshake: the first
 * JSON line it prints with a `port`. Anything it prints before (start-up warnings, progress) goes to stderr.
 */
export async function startChildServer<Handshake extends { port: number }>(
  script: string,
): Promise<{ child: ChildProcess; server: Handshake }> {
  // BENCH_NODE_FLAGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it; a
  // `--max-old-space-size` there, given after the service's own, wins.
  const flags = [...serviceHeapFlags(), ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', new URL(script, import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const server = await new Promise<Handshake>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      let parsed: Partial<Handshake> | undefined;
      try {
        parsed = JSON.parse(line) as Partial<Handshake>;
      } catch {
        parsed = undefined;
      }
      if (parsed?.port) {
        lines.removeAllListeners('line');
        resolve(parsed as Handshake);
      } else process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code) =>
      reject(new Error(`the bench server exited with code ${code} before starting (see the lines above)`)),
    );
  });
  return { child, server };
}

/** Ends a benchmark that cannot run, with one line saying why. */
export function stopBench(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

/** Checks that PostgreSQL answers, then starts the bench server `script`; either failing ends the benchmark. */
export async function startBenchServer<Handshake extends { port: number }>(
  script: string,
): Promise<{ child: ChildProcess; server: Handshake }> {
  const problem = await unreachableDatabase();
  if (problem) stopBench(problem);
  return startChildServer<Handshake>(script).catch((error: Error) => stopBench(error.message));
}
