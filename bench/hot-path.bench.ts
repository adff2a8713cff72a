import autocannon from 'autocannon';
import { startBenchServer } from './child-server.js';
import { processCpuSeconds } from './process-cpu.js';

/**
 * The hot path, `GET /terms/{id}` through the whole service (token check, tenant rule, engine, hooks, schema
 * serialisation), against a bare Fastify route doing the same single-row query in the same process, on PostgreSQL;
 * and the layers between them (see hot-path-servers.ts). The machine is shared and noisy, so the variants run in
 * alternating short rounds (ROUNDS, default 4, of ROUND_SECONDS, default 3) and each figure sums its rounds. Each
 * variant's CPU per request comes from /proc: the difference between successive variants is what a layer costs.
 * Target: the service at >= 0.8x the bare route's requests/s. Usage: `npm run bench:hot-path`.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 0.8;

interface Handshake {
  port: number;
  ports: Record<Variant, number>;
  token: string;
  id: string;
}
type Variant = 'bare' | 'token' | 'engine' | 'service';
const VARIANTS: { name: Variant; label: string }[] = [
  { name: 'bare', label: 'bare Fastify + pg' },
  { name: 'token', label: '+ token check' },
  { name: 'engine', label: '+ engine read' },
  { name: 'service', label: 'the service' },
];

const { child, server } = await startBenchServer<Handshake>('./hot-path-servers.ts');
const headers = { authorization: `Bearer ${server.token}` };
const totals = new Map<
  Variant,
  { requests: number; seconds: number; cpu: number; latencies: number[]; failed: number }
>();

async function round(variant: Variant, seconds: number): Promise<void> {
  const cpuBefore = processCpuSeconds(child.pid) ?? NaN;
  const result = await autocannon({
    url: `http://127.0.0.1:${server.ports[variant]}/terms/${server.id}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
  const cpu = (processCpuSeconds(child.pid) ?? NaN) - cpuBefore;
  const total = totals.get(variant) ?? { requests: 0, seconds: 0, cpu: 0, latencies: [], failed: 0 };
  total.requests += result.requests.total;
  total.seconds += seconds;
  total.cpu += cpu;
  total.latencies.push(result.latency.p50, result.latency.p99);
  total.failed += result.non2xx + result.errors;
  totals.set(variant, total);
}

try {
  for (const { name } of VARIANTS)
    await autocannon({
      url: `http://127.0.0.1:${server.ports[name]}/terms/${server.id}`,
      connections: 10,
      duration: 1,
      headers,
    });
  for (let r = 0; r < ROUNDS; r += 1)
    for (const { name } of r % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) await round(name, ROUND_SECONDS);

  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per variant, PostgreSQL, one process serving all\n`,
  );
  let previousCpu: number | undefined;
  for (const { name, label } of VARIANTS) {
    const t = totals.get(name)!;
    const cpuPerRequest = (t.cpu * 1e6) / t.requests;
    const layer =
      previousCpu === undefined
        ? ''
        : `   (${cpuPerRequest - previousCpu >= 0 ? '+' : ''}${(cpuPerRequest - previousCpu).toFixed(0)} µs)`;
    const p50s = t.latencies.filter((_, i) => i % 2 === 0);
    const p99s = t.latencies.filter((_, i) => i % 2 === 1);
    console.log(
      `${label.padEnd(18)} ${(t.requests / t.seconds).toFixed(0).padStart(7)} req/s   p50 ${Math.max(...p50s)} ms   p99 ${Math.max(...p99s)} ms   CPU ${cpuPerRequest.toFixed(0).padStart(4)} µs/request${layer}${t.failed ? `   ${t.failed} FAILED` : ''}`,
    );
    previousCpu = cpuPerRequest;
  }
  const ratio = totals.get('service')!.requests / totals.get('bare')!.requests;
  console.log(`\nservice / bare: ${ratio.toFixed(2)} (target >= ${TARGET}): ${ratio >= TARGET ? 'met' : 'NOT met'}`);
} finally {
  child.kill('SIGTERM');
}
