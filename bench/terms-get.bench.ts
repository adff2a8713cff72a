import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { unreachableDatabase } from './bench-database.js';

/**
 * Requests per second of `GET /terms/{id}` (full stack: JWT check, tenant rule, engine, schema serialisation)
 * against a bare Fastify route doing the same single-row query, in the same run, on PostgreSQL.
 * Target: ratio >= 0.6. Usage: `npm run bench` (DATABASE_URL defaults to the local PostgreSQL).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** One line on stderr and exit code 1: what the benchmark needs, not a stack trace. */
function stop(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

const problem = await unreachableDatabase();
if (problem) stop(problem);

const child = spawn(process.execPath, ['--import', 'tsx', new URL('./bench-servers.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
interface Handshake {
  servicePort: number;
  barePort: number;
  token: string;
  id: string;
}

/** The servers' handshake line; log lines the child prints before it (start-up warnings) go to stderr. */
const { servicePort, barePort, token, id } = await new Promise<Handshake>((resolve, reject) => {
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    const parsed = (() => {
      try {
        return JSON.parse(line) as Partial<Handshake>;
      } catch {
        return undefined;
      }
    })();
    if (parsed?.servicePort) {
      lines.removeAllListeners('line');
      resolve(parsed as Handshake);
    } else process.stderr.write(`${line}\n`);
  });
  child.once('exit', (code) => reject(new Error(`the bench servers exited with code ${code} before starting (see the lines above)`)));
}).catch((error: Error) => stop(error.message));

async function load(name: string, port: number, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/terms/${id}`, connections: CONNECTIONS, duration: DURATION, headers });
  const non2xx = result.non2xx + result.errors;
  if (non2xx > 0) throw new Error(`${name}: ${non2xx} failed responses`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  // A short warm-up of both, then the measured runs.
  await autocannon({ url: `http://127.0.0.1:${barePort}/terms/${id}`, connections: 10, duration: 2 });
  await autocannon({ url: `http://127.0.0.1:${servicePort}/terms/${id}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const bare = await load('bare Fastify + pg', barePort);
  const service = await load('GET /terms/{id}', servicePort, { authorization: `Bearer ${token}` });
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, PostgreSQL, one process serving both\n`);
  for (const r of [bare, service]) console.log(`${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
  const ratio = service.rps / bare.rps;
  console.log(`\nratio ${ratio.toFixed(2)} (target >= 0.6): ${ratio >= 0.6 ? 'met' : 'NOT met'}`);
} finally {
  child.kill('SIGTERM');
}
