import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { unreachableDatabase } from './bench-database.js';
import { startChildServer, stopBench } from './child-server.js';
import { processCpuSeconds } from './process-cpu.js';

/**
 * Are the catalogue's reads slower than at a named revision? `npm run bench:regression -- <revision>` (default
 * HEAD~1) checks the revision out in a temporary git worktree, starts the catalogue server of both trees on
 * PostgreSQL (each seeding PRODUCTS products, default 10,000, in a schema of its own, with today's seeding script and
 * dependencies so only `src/` differs), then runs the reads in alternating rounds (ROUNDS, default 4, of
 * ROUND_SECONDS, default 5, at CONNECTIONS, default 10), base and today taking turns first, and prints for each read
 * the summed requests per second of both, today's ratio to the base, and the service's CPU per request. A machine
 * shared with other work shifts both sides alike; read the ratios, not the absolute figures. READS chooses the
 * reads (get, list, priced-get, priced-list).
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const revision = process.argv[2] ?? 'HEAD~1';
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
process.env.PRODUCTS ??= '10000';
// The base may predate the word search whose plans the seeding script prints.
process.env.EXPLAIN_SEARCH = 'off';

interface Handshake {
  port: number;
  token: string;
  id: string;
  customerId: string;
  seedSeconds: number;
}

const lock = (dir: string) => readFileSync(join(dir, 'package-lock.json'), 'utf8');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/**
 * The base tree: a worktree of `revision` with today's node_modules and seeding script. The worktree sits one level
 * down in a temporary folder, so a runtime dependency the base has and today's tree dropped is installed beside it
 * (the folder's own node_modules, found by Node's lookup after the tree's) and today's node_modules stay untouched.
 */
function checkOutBase(): { root: string; tree: string } {
  const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
  const root = mkdtempSync(join(tmpdir(), 'bench-base-'));
  const tree = join(root, 'tree');
  git('worktree', 'add', '--detach', tree, commit);
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  for (const file of ['catalog-server.ts', 'bench-database.ts', 'http-calls.ts'])
    copyFileSync(join(ROOT, 'bench', file), join(tree, 'bench', file));
  if (existsSync(join(tree, 'package-lock.json')) && lock(tree) !== lock(ROOT)) {
    process.stderr.write(`note: package-lock.json differs at ${revision}; the base runs with today's dependencies\n`);
    installDroppedDependencies(root, tree);
  }
  return { root, tree };
}

/** The base's runtime dependencies that today's node_modules lack, at the base's locked versions, into `root`. */
function installDroppedDependencies(root: string, tree: string): void {
  const manifest = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const locked = JSON.parse(lock(tree)) as { packages?: Record<string, { version?: string }> };
  const dropped = Object.keys(manifest.dependencies ?? {})
    .filter((name) => !existsSync(join(ROOT, 'node_modules', name)))
    .map((name) => `${name}@${locked.packages?.[`node_modules/${name}`]?.version ?? manifest.dependencies![name]}`);
  if (dropped.length === 0) return;
  process.stderr.write(`installing the base's dropped dependencies beside it: ${dropped.join(', ')}\n`);
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', root, ...dropped], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const allReads = (server: Handshake) => [
  { key: 'get', name: 'GET /products/{id}', path: `/products/${server.id}` },
  {
    key: 'list',
    name: 'filtered list, totalItems',
    path: `/products?customerId=${server.customerId}&status=ENABLED&sellingStores=store-eu&size=20`,
  },
  {
    key: 'priced-get',
    name: 'GET /priced-products/{id}',
    path: `/priced-products/${server.id}?country=FR&currency=EUR`,
  },
  {
    key: 'priced-list',
    name: 'priced list, 20 a page',
    path: `/priced-products?customerId=${server.customerId}&status=ENABLED&size=20&country=FR&currency=EUR`,
  },
];
// READS: a comma list of the reads to run (get, list, priced-get, priced-list), default all.
const READS = process.env.READS?.split(',').map((key) => key.trim());
const reads = (server: Handshake) => allReads(server).filter((read) => !READS || READS.includes(read.key));

interface Side {
  label: string;
  server: Handshake;
  pid: number | undefined;
  requests: number[];
  cpu: number[];
}

async function round(side: Side, read: number, seconds: number): Promise<void> {
  const { path } = reads(side.server)[read]!;
  const before = processCpuSeconds(side.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${side.server.port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${side.server.token}` },
  });
  const after = processCpuSeconds(side.pid);
  if (result.non2xx + result.errors > 0)
    // Thrown, not exited: the servers and the base's worktree go in the `finally` below.
    throw new Error(`${side.label}: ${path} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
  side.requests[read] = (side.requests[read] ?? 0) + result.requests.total;
  side.cpu[read] = (side.cpu[read] ?? 0) + (before !== undefined && after !== undefined ? after - before : Number.NaN);
}

const problem = await unreachableDatabase();
if (problem) stopBench(problem);
const baseTree = checkOutBase();
const children: { kill(signal: NodeJS.Signals): void }[] = [];
try {
  process.stderr.write(`seeding ${process.env.PRODUCTS} products for ${revision} and for today's tree...\n`);
  const base = await startChildServer<Handshake>(pathToFileURL(join(baseTree.tree, 'bench/catalog-server.ts')).href);
  children.push(base.child);
  const today = await startChildServer<Handshake>('./catalog-server.ts');
  children.push(today.child);
  const sides: Side[] = [
    { label: revision, server: base.server, pid: base.child.pid, requests: [], cpu: [] },
    { label: 'today', server: today.server, pid: today.child.pid, requests: [], cpu: [] },
  ];
  const readCount = reads(base.server).length;
  // Warm-up: JIT, caches and plans of both sides, not counted.
  for (const side of sides)
    for (let read = 0; read < readCount; read += 1) await round({ ...side, requests: [], cpu: [] }, read, 1);
  for (let r = 0; r < ROUNDS; r += 1)
    for (let read = 0; read < readCount; read += 1)
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) await round(side, read, ROUND_SECONDS);

  const [then, now] = sides as [Side, Side];
  const seconds = ROUNDS * ROUND_SECONDS;
  console.log(
    `\n${process.env.PRODUCTS} products, PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per read and side\n`,
  );
  console.log(
    `${'read'.padEnd(28)} ${revision.padStart(12)} ${'today'.padStart(10)}   today/base   CPU µs/request base → today`,
  );
  reads(base.server).forEach((read, i) => {
    const rate = (side: Side) => side.requests[i]! / seconds;
    const cpu = (side: Side) => (side.cpu[i]! / side.requests[i]!) * 1e6;
    console.log(
      `${read.name.padEnd(28)} ${rate(then).toFixed(0).padStart(8)} r/s ${rate(now).toFixed(0).padStart(6)} r/s   ${(rate(now) / rate(then)).toFixed(2).padStart(10)}   ${cpu(then).toFixed(0).padStart(6)} → ${cpu(now).toFixed(0)}`,
    );
  });
  // The priced get does the plain get's work and prices it: how much of the plain get's rate it keeps (goal ≥ 0.8).
  const keys = reads(base.server).map((read) => read.key);
  const [plain, priced] = [keys.indexOf('get'), keys.indexOf('priced-get')];
  if (plain >= 0 && priced >= 0) {
    const share = (side: Side) => (side.requests[priced]! / side.requests[plain]!).toFixed(2);
    console.log(`\nGET /priced-products/{id} ÷ GET /products/{id}: ${revision} ${share(then)}, today ${share(now)}`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  // The servers drop their schemas on SIGTERM; give them a moment before the tree they run from goes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  git('worktree', 'remove', '--force', baseTree.tree);
  rmSync(baseTree.root, { recursive: true, force: true });
}
