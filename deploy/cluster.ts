import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chownSync, constants, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Several instances of the service as operators run them: pgbouncer (transaction pooling) in front of one PostgreSQL,
 * API processes (`src/server.ts`, JOBS=off) behind haproxy, and worker processes (`src/worker.ts`),
 * each a separate OS process started with `node --import tsx`. Used by `npm run cluster` and the multi-instance test.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DEPLOY = fileURLToPath(new URL('./', import.meta.url));
const BINARY_DIRS = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

export interface ClusterOptions {
  /** The PostgreSQL server itself (pgbouncer connects to it; the service connects to pgbouncer). */
  databaseUrl: string;
  schema: string;
  /** Shared by every process: what one seals, the others must open. */
  dataEncryptionKey: string;
  operatorClientSecret: string;
  adminPassword: string;
  /** haproxy's port; 0 picks a free one. */
  frontPort: number;
  /** haproxy's address: 127.0.0.1 for a test, 0.0.0.0 to serve a network. */
  bindAddress?: string;
  apiCount?: number;
  workerCount?: number;
  /** DATA_DIR shared by every process (asset files; use ASSET_STORE=s3 across machines) and the logs. */
  dataDir: string;
  /** More environment for every service process (LOG_LEVEL, NOTIFICATION_POLL_MS...). */
  env?: Record<string, string>;
  /** Copy every process's output to this process's stdout, prefixed with its name. */
  echo?: boolean;
}

/** Where Debian installs PostgreSQL servers, one directory per major version. */
export const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The directories to look for PostgreSQL server binaries in: PG_BIN's, else Debian's, newest version first. */
export function postgresBinDirs(): string[] {
  if (process.env.PG_BIN) return [process.env.PG_BIN];
  if (!existsSync(DEBIAN_POSTGRES)) return [];
  return readdirSync(DEBIAN_POSTGRES)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN_POSTGRES, version, 'bin'));
}

/** A program from the Debian packages, found on PATH or in the sbin directories root's PATH has and others lack. */
export function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...BINARY_DIRS];
  for (const dir of dirs) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A deploy/ template with its {{NAME}} fields filled in; a field without a value is an error. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}}`);
    return values[name]!;
  });
}

/** pgbouncer refuses to run as root: it switches to `postgres` (or `nobody`) with `-u`, and must own its files. */
export function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists for pgbouncer to run as');
}

/** Who runs a process: another user (PostgreSQL's programs refuse root), and in its own process group. */
export interface ProcessIdentity {
  uid?: number;
  gid?: number;
  /** A process group of its own: `kill` and `stop` reach the children it started too (pg_autoctl's postgres). */
  ownGroup?: boolean;
}

/** One OS process of the cluster; `start` again after it died restarts it with the same settings. */
export class ClusterProcess {
  child: ChildProcess | undefined;
  private exit: Promise<void> = Promise.resolve();
  private output = '';
  private log: WriteStream | undefined;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    private readonly echo: boolean,
    /** The port it listens on: an API's, or a worker's health and metrics. */
    readonly port?: number,
    private readonly identity: ProcessIdentity = {},
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    this.output = '';
    this.log ??= createWriteStream(this.logFile, { flags: 'a' });
    const { uid, gid, ownGroup } = this.identity;
    const child = spawn(this.command, this.args, {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(uid === undefined ? {} : { uid, gid }),
      detached: ownGroup ?? false,
    });
    this.child = child;
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.output = (this.output + text).slice(-20_000);
      this.log!.write(text);
      if (this.echo) for (const line of text.split('\n').filter(Boolean)) process.stdout.write(`[${this.name}] ${line}\n`);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    this.exit = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** The output since the last start contains `text`. */
  said(text: string): boolean {
    return this.output.includes(text);
  }

  tail(): string {
    return this.output.slice(-2000);
  }

  /** Waits until `check` passes; fails if the process exits first or `timeoutMs` runs out. */
  async until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (!this.running) throw new Error(`${this.name} exited before ${what}: ${this.tail()}`);
      if (Date.now() > end) throw new Error(`${this.name}: timed out waiting until ${what}: ${this.tail()}`);
      await sleep(100);
    }
  }

  /** `signal` to the process, or to its whole group when it has one of its own (SIGKILL: a machine dying). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.identity.ownGroup) this.signalGroup(signal);
    else if (this.running) this.child!.kill(signal);
    await this.exit;
  }

  /** `signal` (the program's graceful stop), then SIGKILL after `graceMs`; then whatever is left of its group. */
  async stop(graceMs = 10_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.running) {
      this.child!.kill(signal);
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
      await this.exit;
      clearTimeout(timer);
    }
    if (this.identity.ownGroup) this.signalGroup('SIGKILL');
  }

  /** Synchronous, for a process exiting: SIGKILL to the group of a process that has one, else to the process. */
  killNow(): void {
    if (this.identity.ownGroup) this.signalGroup('SIGKILL');
    else if (this.running) this.child!.kill('SIGKILL');
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.child?.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // the group is gone already
    }
  }

  closeLog(): void {
    this.log?.end();
    this.log = undefined;
  }
}

export class Cluster {
  constructor(
    /** haproxy: where clients send requests. */
    readonly url: string,
    /** What the service processes use as DATABASE_URL (pgbouncer). */
    readonly pooledDatabaseUrl: string,
    readonly apis: ClusterProcess[],
    readonly workers: ClusterProcess[],
    readonly pgbouncer: ClusterProcess,
    readonly haproxy: ClusterProcess,
    readonly logDir: string,
    private readonly bouncerDir: string,
  ) {}

  /** An API process is ready when its own `/health/ready` answers 200. */
  static apiReady(api: ClusterProcess): () => Promise<boolean> {
    return () => httpOk(`http://127.0.0.1:${api.port}/health/ready`);
  }

  /** A worker is ready when its `/health/ready` (WORKER_PORT) answers 200: it listens once its jobs have started. */
  static workerReady(worker: ClusterProcess): () => Promise<boolean> {
    return () => httpOk(`http://127.0.0.1:${worker.port}/health/ready`);
  }

  /** Starts a process again (after it died) and waits until it is ready; answers how long that took, ms. */
  async restart(process_: ClusterProcess): Promise<number> {
    const startedAt = performance.now();
    process_.start();
    const isApi = this.apis.includes(process_);
    await process_.until('ready', isApi ? Cluster.apiReady(process_) : Cluster.workerReady(process_));
    return performance.now() - startedAt;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((p) => p.stop()));
    await this.haproxy.stop(2000);
    // SIGINT: pgbouncer's safe shutdown (after the running transactions); SIGTERM would drop them.
    await this.pgbouncer.stop(5000, 'SIGINT');
    for (const p of [...this.apis, ...this.workers, this.haproxy, this.pgbouncer]) p.closeLog();
    rmSync(this.bouncerDir, { recursive: true, force: true });
  }
}

function pooledUrl(server: URL, bouncerPort: number): string {
  const url = new URL(server.href);
  url.hostname = '127.0.0.1';
  url.port = String(bouncerPort);
  url.password = '';
  return url.href;
}

export interface Pgbouncer {
  process: ClusterProcess;
  /** postgres://...@127.0.0.1:<port>/<database>: the service's DATABASE_URL. */
  pooledDatabaseUrl: string;
  /** Its generated pgbouncer.ini, auth file, pid and log (removed by the caller). */
  runDir: string;
}

/**
 * pgbouncer in transaction pooling mode in front of `databaseUrl`'s server, from deploy/pgbouncer.ini. Without
 * `setSearchPath` its server connections keep the default search_path (to show what the service's start-up check does).
 */
export async function startPgbouncer(options: { databaseUrl: string; schema: string; logDir: string; echo?: boolean; setSearchPath?: boolean }): Promise<Pgbouncer> {
  const binary = findBinary('pgbouncer');
  if (!binary) throw new Error('pgbouncer is needed: run deploy/install-packages.sh');
  mkdirSync(options.logDir, { recursive: true });
  const server = new URL(options.databaseUrl);
  const database = decodeURIComponent(server.pathname.replace(/^\//, '')) || 'postgres';
  const user = decodeURIComponent(server.username) || 'postgres';
  const bouncerPort = await freePort();
  const runDir = mkdtempSync(join(tmpdir(), 'cluster-pgbouncer-'));
  const filled = fill(readFileSync(join(DEPLOY, 'pgbouncer.ini'), 'utf8'), {
    DB_ALIAS: database,
    PG_HOST: server.hostname || '127.0.0.1',
    PG_PORT: server.port || '5432',
    PG_DB: database,
    PG_USER: user,
    PG_PASSWORD: server.password ? ` password=${decodeURIComponent(server.password)}` : '',
    SCHEMA: options.schema,
    LISTEN_PORT: String(bouncerPort),
    RUN_DIR: runDir,
  });
  const ini = options.setSearchPath === false ? filled.replace(/ connect_query='[^']*'/, '') : filled;
  writeFileSync(join(runDir, 'pgbouncer.ini'), ini);
  writeFileSync(join(runDir, 'userlist.txt'), `"${user}" ""\n`);
  const runAs = unprivilegedUser();
  if (runAs) for (const file of ['', 'pgbouncer.ini', 'userlist.txt']) chownSync(join(runDir, file), runAs.uid, runAs.gid);
  const args = [...(runAs ? ['-u', runAs.name] : []), join(runDir, 'pgbouncer.ini')];
  const pgbouncer = new ClusterProcess('pgbouncer', binary, args, { PATH: process.env.PATH ?? '' }, join(options.logDir, 'pgbouncer.out'), options.echo ?? false);
  pgbouncer.start();
  await pgbouncer.until('it listens', () => tcpOpen(bouncerPort), 30_000);
  return { process: pgbouncer, pooledDatabaseUrl: pooledUrl(server, bouncerPort), runDir };
}

/** Starts pgbouncer, the API and worker processes at once (they race for the migrations), then haproxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyBinary = findBinary('haproxy');
  if (!haproxyBinary) throw new Error('haproxy is needed: run deploy/install-packages.sh');
  const echo = options.echo ?? false;
  const logDir = join(options.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  const { process: pgbouncer, pooledDatabaseUrl, runDir: bouncerDir } = await startPgbouncer({ databaseUrl: options.databaseUrl, schema: options.schema, logDir, echo });

  const frontPort = options.frontPort || (await freePort());
  const bindAddress = options.bindAddress ?? '127.0.0.1';
  const frontUrl = `http://127.0.0.1:${frontPort}`;
  const common: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: pooledDatabaseUrl,
    DATABASE_SCHEMA: options.schema,
    // pgbouncer 1.18 in transaction pooling cannot carry named prepared statements from one transaction to the next.
    DATABASE_PREPARED_STATEMENTS: 'off',
    DATA_DIR: options.dataDir,
    DATA_ENCRYPTION_KEY: options.dataEncryptionKey,
    OPERATOR_CLIENT_SECRET: options.operatorClientSecret,
    ADMIN_PASSWORD: options.adminPassword,
    // One issuer for every instance: a token issued by one is accepted by all.
    PUBLIC_BASE_URL: frontUrl,
    // haproxy adds X-Forwarded-For; per-address limits see the real client.
    TRUSTED_PROXIES: '127.0.0.1',
    ...options.env,
  };
  const node = process.execPath;
  const apis: ClusterProcess[] = [];
  for (let i = 1; i <= (options.apiCount ?? 2); i += 1) {
    const port = await freePort();
    apis.push(new ClusterProcess(`api-${i}`, node, ['--import', 'tsx', 'src/server.ts'], { ...common, PORT: String(port), HOST: '127.0.0.1', JOBS: 'off' }, join(logDir, `api-${i}.log`), echo, port));
  }
  const workers: ClusterProcess[] = [];
  for (let i = 1; i <= (options.workerCount ?? 2); i += 1) {
    const port = await freePort();
    workers.push(new ClusterProcess(`worker-${i}`, node, ['--import', 'tsx', 'src/worker.ts'], { ...common, WORKER_PORT: String(port), HOST: '127.0.0.1' }, join(logDir, `worker-${i}.log`), echo, port));
  }

  const cfg = fill(readFileSync(join(DEPLOY, 'haproxy.cfg'), 'utf8'), {
    BIND_ADDR: bindAddress,
    FRONT_PORT: String(frontPort),
    SERVERS: apis.map((api) => `    server ${api.name} 127.0.0.1:${api.port} check`).join('\n'),
  });
  writeFileSync(join(bouncerDir, 'haproxy.cfg'), cfg);
  const haproxy = new ClusterProcess('haproxy', haproxyBinary, ['-db', '-f', join(bouncerDir, 'haproxy.cfg')], { PATH: process.env.PATH ?? '' }, join(logDir, 'haproxy.out'), echo);
  const cluster = new Cluster(frontUrl, pooledDatabaseUrl, apis, workers, pgbouncer, haproxy, logDir, bouncerDir);

  try {
    for (const p of [...apis, ...workers]) p.start();
    await Promise.all([...apis.map((api) => api.until('ready', Cluster.apiReady(api))), ...workers.map((worker) => worker.until('ready', Cluster.workerReady(worker)))]);
    haproxy.start();
    await haproxy.until('it routes to a ready API', () => httpOk(`${frontUrl}/health/ready`), 30_000);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
