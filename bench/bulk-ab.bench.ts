import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import pg from 'pg';
import { request } from 'undici';
import { bulkNdjson } from './bulk-rows.js';
import { type Caller, call, clientToken, created } from './http-calls.js';
import { BackendCpu, processCpuSeconds } from './process-cpu.js';

/**
 * `npx tsx bench/bulk-ab.bench.ts <base tree> [<tree>]`: the bulk import of two trees of this project (a base and
 * this one by default) compared in one run, on PostgreSQL (DATABASE_URL). Both services run at once, each in its own
 * process and schema; imports of ROWS rows (default 5,000) go to one, then the other, ROUNDS times (default 4), so a
 * machine shared with other work disturbs both alike. Prints, per import, its rows/s and the CPU milliseconds a row
 * of the service and of its PostgreSQL backends (named by `application_name`), then each tree's medians and the
 * ratios. RENAME=1 also upserts each import's file again with every product renamed (every row an update).
 */
const ROWS = Number(process.env.ROWS ?? 5000);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const RENAME = process.env.RENAME === '1';
const trees = [process.argv[2] ?? '/work/main', process.argv[3] ?? new URL('..', import.meta.url).pathname];
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('bulk-ab compares on PostgreSQL: set DATABASE_URL');

interface Side {
  tree: string;
  schema: string;
  child: ChildProcess;
  caller: Caller;
  backends: BackendCpu;
  figures: { rowsPerSecond: number; service: number; database: number; phase: string }[];
}

async function startSide(tree: string, watcher: pg.Client): Promise<Side> {
  const schema = `bench_ab_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl!);
  url.searchParams.set('application_name', schema);
  const child = spawn(process.execPath, ['--import', 'tsx', `${tree}/bench/bulk-server.ts`], {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_SCHEMA: schema, DATABASE_URL: url.toString() },
  });
  const server = await new Promise<{ port: number; operatorToken: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { port?: number; operatorToken: string };
        if (parsed.port) resolve(parsed as { port: number; operatorToken: string });
      } catch {
        process.stderr.write(`${line}\n`);
      }
    });
    child.once('exit', (code) => reject(new Error(`${tree}: the bench server exited with code ${code}`)));
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const operator = { origin, token: server.operatorToken };
  const body = await created(operator, '/customers', {
    name: `AB ${schema}`,
    vatNumber: 'FR12345678901',
    features: { seller: true },
  });
  const secret = (body.iamClient as { clientSecret: string }).clientSecret;
  const caller = { origin, token: await clientToken(origin, String(body.realmName), secret) };
  const backends = new BackendCpu((text, values) => watcher.query(text, values), schema);
  return { tree, schema, child, caller, backends, figures: [] };
}

async function importFile(side: Side, file: AsyncGenerator<string>, query: string): Promise<Record<string, unknown>> {
  const answer = await request(`${side.caller.origin}/product-imports${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${side.caller.token}`, 'content-type': 'application/x-ndjson' },
    body: Readable.from(file),
  });
  const { id } = (await answer.body.json()) as { id: string };
  for (;;) {
    const { json } = await call(side.caller, 'GET', `/product-imports/${id}`);
    if (['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(String(json.status))) return json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measured(side: Side, phase: string, file: AsyncGenerator<string>, query = ''): Promise<void> {
  const before = { service: processCpuSeconds(side.child.pid) ?? 0, database: await side.backends.sample() };
  const sampler = setInterval(() => void side.backends.sample(), 250);
  const started = performance.now();
  const record = await importFile(side, file, query);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  // The events' dispatch runs after the import: wait for it so its CPU is counted with the rows.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const service = ((processCpuSeconds(side.child.pid) ?? 0) - before.service) * 1000;
  const database = ((await side.backends.sample()) - before.database) * 1000;
  const figure = { rowsPerSecond: ROWS / seconds, service: service / ROWS, database: database / ROWS, phase };
  side.figures.push(figure);
  const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
  console.log(
    `${side.tree} ${phase}: ${record.status} created ${record.created} updated ${record.updated} failed ${record.failed}; ${Math.round(figure.rowsPerSecond)} rows/s; CPU a row: service ${figure.service.toFixed(3)} ms, PostgreSQL ${figure.database.toFixed(3)} ms (load ${load})`,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const watcher = new pg.Client({ connectionString: databaseUrl });
await watcher.connect();
const sides = [await startSide(trees[0]!, watcher), await startSide(trees[1]!, watcher)];
try {
  for (let round = 0; round < ROUNDS; round += 1)
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const prefix = `AB${round}`;
      await measured(side, 'create', bulkNdjson(ROWS, prefix));
      if (RENAME) await measured(side, 'rename', bulkNdjson(ROWS, prefix, 1), '?mode=upsert');
    }
  for (const phase of RENAME ? ['create', 'rename'] : ['create']) {
    const of = (side: Side, key: 'rowsPerSecond' | 'service' | 'database') =>
      median(side.figures.filter((figure) => figure.phase === phase).map((figure) => figure[key]));
    const [base, tree] = sides as [Side, Side];
    console.log(
      `${phase}, medians of ${ROUNDS}: base ${Math.round(of(base, 'rowsPerSecond'))} rows/s, CPU ${of(base, 'service').toFixed(3)} + ${of(base, 'database').toFixed(3)} ms; this tree ${Math.round(of(tree, 'rowsPerSecond'))} rows/s, CPU ${of(tree, 'service').toFixed(3)} + ${of(tree, 'database').toFixed(3)} ms; ratios (this ÷ base): rows/s ${(of(tree, 'rowsPerSecond') / of(base, 'rowsPerSecond')).toFixed(2)}, service CPU ${(of(tree, 'service') / of(base, 'service')).toFixed(2)}, PostgreSQL CPU ${(of(tree, 'database') / of(base, 'database')).toFixed(2)}`,
    );
  }
} finally {
  await watcher.end();
  for (const side of sides) {
    side.child.kill('SIGTERM');
    await new Promise((resolve) => side.child.once('exit', resolve));
  }
}
