import { join } from 'node:path';
import pg from 'pg';
import { type ClusterProcess, findBinary, freePort } from './cluster.js';
import { autoFailoverInstall, PgAutoctl } from './pg-auto-failover.js';
import { startPostgresFront } from './postgres-front.js';

/**
 * A highly available PostgreSQL on one machine, as `npm run cluster:ha` and the failover test run it: a
 * pg_auto_failover monitor, a primary and a synchronous secondary (each a `pg_autoctl` keeper with its postgres), and
 * haproxy in front, passing connections to whichever node is the primary. docs/deployment.md explains each part.
 */

/**
 * The monitor's failure detection and promotion, tightened from pg_auto_failover's defaults (a check every 5 s, a node
 * unhealthy after 20 s without a report, 30 s for the old primary to drain): a dead primary is replaced in about 10 s
 * on a loaded machine instead of about 50 s. For one machine or a quiet network: a primary whose keeper does not
 * report for 4 s while its postgres does not answer the monitor's check within 1 s is failed over.
 */
const MONITOR_SETTINGS: Record<string, string> = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '4000',
  'pgautofailover.primary_demote_timeout': '3000',
};
/**
 * A primary that reaches neither the monitor nor its standby for this long demotes itself (default 20 s). It must be
 * below the monitor's primary_demote_timeout (3 s), or a primary cut off from the others would take writes after
 * its standby was promoted; a synchronous primary could not commit them anyway, but it must not even try.
 */
const NETWORK_PARTITION_TIMEOUT_S = '2';
/** States in which a node serves writes, once the monitor and the node agree on it. */
const WRITABLE = new Set(['single', 'wait_primary', 'primary']);
/** States of a standby copying the primary's data: a base backup waits for a checkpoint on the primary. */
const COPYING = new Set(['wait_standby', 'catchingup']);

export interface HaClusterOptions {
  /** Everything of the cluster: each node's data, pg_autoctl's configuration and state, the logs. */
  dir: string;
  /** The database the service uses, created on the primary. */
  database: string;
  /** 0 picks a free port; an existing cluster (`dir` created before) must be given the ports it was created with. */
  monitorPort: number;
  nodePorts: [number, number];
  /** haproxy's port, where the service connects. */
  frontPort: number;
  bindAddress?: string;
  echo?: boolean;
  /** initdb without its flush to disk, for a test's cluster (a base backup still flushes). */
  initdbWithoutSync?: boolean;
}

export interface NodeState {
  name: string;
  port: number;
  /** What the node's keeper last reported, and what the monitor assigned it (pg_auto_failover's state machine). */
  reported: string;
  assigned: string;
}

export class HaNode {
  constructor(
    readonly name: string,
    readonly port: number,
    readonly pgdata: string,
    public process: ClusterProcess,
  ) {}
}

/** The node serving writes, once monitor and keeper agree: `single`, `wait_primary` (no standby) or `primary`. */
export function primaryOf(states: NodeState[]): NodeState | undefined {
  return states.find((node) => node.reported === node.assigned && WRITABLE.has(node.reported));
}

export class HaCluster {
  private readonly killOnExit = () => this.killNow();

  constructor(
    /** Through haproxy, to the primary: the service's DATABASE_URL. */
    readonly databaseUrl: string,
    /** The monitor's database, as the superuser (pg_autoctl's keepers use `autoctl_node`). */
    readonly monitorUrl: string,
    readonly monitor: ClusterProcess,
    readonly nodes: HaNode[],
    private readonly autoctl: PgAutoctl,
    public haproxy?: ClusterProcess,
  ) {
    process.once('exit', this.killOnExit);
  }

  get logDir(): string {
    return this.autoctl.logDir;
  }

  node(name: string): HaNode {
    const node = this.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  }

  /** Every node's state, from the monitor. */
  async states(): Promise<NodeState[]> {
    const client = new pg.Client({ connectionString: this.monitorUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      const { rows } = await client.query<NodeState>(
        'SELECT nodename AS name, nodeport AS port, reportedstate AS reported, goalstate AS assigned FROM pgautofailover.node ORDER BY nodeid',
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  /**
   * Polls the monitor until `check` holds. A standby's base backup (a new node, or a rejoin pg_rewind cannot do) waits
   * for the primary's next checkpoint, which pg_autoctl does not ask to be immediate: up to minutes; meanwhile the
   * primary is asked for one every 2 s.
   */
  async waitFor(what: string, check: (states: NodeState[]) => boolean, timeoutMs = 120_000): Promise<NodeState[]> {
    const end = performance.now() + timeoutMs;
    let nudgedAt = 0;
    let last: NodeState[] = [];
    for (;;) {
      last = await this.states().catch(() => last);
      if (check(last)) return last;
      if (performance.now() > end)
        throw new Error(`HA cluster: timed out waiting until ${what}: ${JSON.stringify(last)}`);
      const primary = primaryOf(last);
      if (primary && last.some((node) => COPYING.has(node.reported)) && performance.now() - nudgedAt > 2000) {
        nudgedAt = performance.now();
        await runOn(primary.port, 'CHECKPOINT').catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Waits until the primary has a synchronous secondary (`primary` and `secondary`: every commit is on both), then
   * gives both keepers the cluster's network partition timeout (their configuration exists once they are created).
   */
  async synchronous(timeoutMs = 120_000): Promise<void> {
    await this.waitFor(
      'a primary and a synchronous secondary',
      (states) =>
        primaryOf(states)?.reported === 'primary' &&
        states.some((node) => node.reported === 'secondary' && node.assigned === 'secondary'),
      timeoutMs,
    );
    for (const node of this.nodes) {
      await this.autoctl.command([
        'config',
        'set',
        '--pgdata',
        node.pgdata,
        'timeout.network_partition_timeout',
        NETWORK_PARTITION_TIMEOUT_S,
      ]);
      await this.autoctl.command(['reload', '--pgdata', node.pgdata]);
    }
  }

  /** The node's keeper and postgres killed at once with SIGKILL: the machine died. */
  async kill(node: HaNode): Promise<void> {
    await node.process.kill('SIGKILL');
  }

  /** The node's keeper started again (`pg_autoctl run`): it asks the monitor what to be, and rejoins. */
  restart(node: HaNode): void {
    node.process = this.autoctl.runService(node.name, node.pgdata);
    node.process.start();
  }

  async stop(): Promise<void> {
    await this.haproxy?.stop(2000);
    // SIGINT: pg_autoctl's fast stop (postgres stopped with `-m fast`).
    await Promise.all(this.nodes.map((node) => node.process.stop(30_000, 'SIGINT')));
    await this.monitor.stop(30_000, 'SIGINT');
    for (const p of [...this.nodes.map((node) => node.process), this.monitor, this.haproxy]) p?.closeLog();
    process.removeListener('exit', this.killOnExit);
  }

  /** The process is exiting without `stop()` (a failed test, an error): leave no postgres behind. */
  killNow(): void {
    for (const p of [this.haproxy, ...this.nodes.map((node) => node.process), this.monitor]) p?.killNow();
  }
}

/** One statement as the superuser on a node of 127.0.0.1. */
async function runOn(port: number, sql: string, database = 'postgres'): Promise<pg.QueryResult> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The monitor, then the first node (the primary), then the second (a synchronous standby), then haproxy. */
export async function startHaCluster(options: HaClusterOptions): Promise<HaCluster> {
  const haproxyBinary = findBinary('haproxy');
  if (!haproxyBinary) throw new Error('haproxy is needed: run deploy/install-packages.sh');
  const install = autoFailoverInstall();
  if ('missing' in install) throw new Error(install.missing);
  const autoctl = new PgAutoctl(install, options.dir, options.echo ?? false);
  const port = async (given: number) => given || (await freePort());
  const monitorPort = await port(options.monitorPort);
  const nodePorts = [await port(options.nodePorts[0]), await port(options.nodePorts[1])];

  const monitorData = join(options.dir, 'monitor');
  const monitor = autoctl.monitorService(monitorData, monitorPort);
  const keeperMonitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const nodes = nodePorts.map((nodePort, i) => {
    const name = `node${i + 1}`;
    const pgdata = join(options.dir, name);
    return new HaNode(
      name,
      nodePort,
      pgdata,
      autoctl.nodeService(name, pgdata, nodePort, options.database, keeperMonitorUrl),
    );
  });
  const cluster = new HaCluster(
    `postgres://postgres@127.0.0.1:${await port(options.frontPort)}/${options.database}`,
    `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`,
    monitor,
    nodes,
    autoctl,
  );
  try {
    if (options.initdbWithoutSync)
      await Promise.all([monitorData, nodes[0]!.pgdata].map((pgdata) => autoctl.initdbWithoutSync(pgdata)));
    monitor.start();
    await monitor.until(
      'the monitor answers',
      async () => (await cluster.states().catch(() => undefined)) !== undefined,
    );
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      await runOn(monitorPort, `ALTER SYSTEM SET ${name} = ${value}`, 'pg_auto_failover');
    await runOn(monitorPort, 'SELECT pg_reload_conf()', 'pg_auto_failover');
    const [first, second] = nodes as [HaNode, HaNode];
    first.process.start();
    // Registered first, it is the primary; the second one meanwhile starts, and waits for it to copy its data.
    await cluster.waitFor(`${first.name} is registered`, (states) => states.some((node) => node.name === first.name));
    second.process.start();
    await cluster.waitFor('a node serves writes', (states) => primaryOf(states) !== undefined);
    cluster.haproxy = await startPostgresFront({
      dir: options.dir,
      databaseUrl: cluster.databaseUrl,
      bindAddress: options.bindAddress ?? '127.0.0.1',
      nodes,
      echo: options.echo ?? false,
    });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
