import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Cluster, ClusterProcess, freePort } from './cluster.js';
import { type HaCluster, type NodeState, startHaCluster } from './ha-cluster.js';

/**
 * `npm run cluster:ha`: PostgreSQL made highly available on this machine (a pg_auto_failover monitor, a primary and a
 * synchronous secondary, haproxy in front: deploy/ha-cluster.ts) and one service process on it. Ctrl-C stops
 * everything; the next start resumes the same cluster from HA_DIR. docs/deployment.md explains each part.
 *
 * Environment: HA_DIR (default ./data/ha-cluster), HA_MONITOR_PORT (6000), HA_NODE_PORTS (6001,6002),
 * HA_POSTGRES_PORT (6432: haproxy, the service's DATABASE_URL), HA_DATABASE (commerce), HA_SERVICE=off to start the
 * database only; PORT (8080) and every other setting of the service, as for `npm start` (DATA_DIR defaults to
 * HA_DIR/service).
 */

const summary = (states: NodeState[]) =>
  states
    .map(
      (node) =>
        `${node.name} :${node.port} ${node.reported}${node.reported === node.assigned ? '' : ` → ${node.assigned}`}`,
    )
    .join(', ');

/** Prints the nodes' states whenever they change, so that a failover shows as it happens. */
function watch(cluster: HaCluster): NodeJS.Timeout {
  let last = '';
  return setInterval(() => {
    cluster.states().then(
      (states) => {
        const now = summary(states);
        if (now !== last) process.stdout.write(`[monitor] ${now}\n`);
        last = now;
      },
      () => undefined,
    );
  }, 1000);
}

async function startService(cluster: HaCluster, dir: string): Promise<ClusterProcess | undefined> {
  if (process.env.HA_SERVICE === 'off') return undefined;
  const port = Number(process.env.PORT || 8080) || (await freePort());
  const dataDir = resolve(process.env.DATA_DIR || join(dir, 'service'));
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  const service = new ClusterProcess(
    'api',
    process.execPath,
    ['--import', 'tsx', 'src/server.ts'],
    { ...env, DATABASE_URL: cluster.databaseUrl, PORT: String(port), DATA_DIR: dataDir },
    join(cluster.logDir, 'api.log'),
    true,
    port,
  );
  service.start();
  await service.until('ready', Cluster.apiReady(service));
  return service;
}

async function main() {
  const dir = resolve(process.env.HA_DIR || 'data/ha-cluster');
  process.stdout.write(`starting the HA cluster in ${dir} (a minute or two the first time: initdb, then a base backup)\n`);
  const [node1, node2] = (process.env.HA_NODE_PORTS || '6001,6002').split(',').map(Number);
  const cluster = await startHaCluster({
    dir,
    database: process.env.HA_DATABASE || 'commerce',
    monitorPort: Number(process.env.HA_MONITOR_PORT || 6000),
    nodePorts: [node1 ?? 6001, node2 ?? 6002],
    frontPort: Number(process.env.HA_POSTGRES_PORT || 6432),
  });
  let service: ClusterProcess | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('stopping the service and the cluster\n');
    clearInterval(watcher);
    (service?.stop() ?? Promise.resolve())
      .then(() => cluster.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  try {
    await cluster.synchronous();
    service = await startService(cluster, dir);
  } catch (error) {
    await service?.stop();
    await cluster.stop();
    throw error;
  }
  watcher = watch(cluster);
  process.stdout.write(
    [
      'HA cluster ready',
      `  database (haproxy, to the primary): ${cluster.databaseUrl}`,
      `  monitor: ${cluster.monitorUrl}`,
      ...cluster.nodes.map((node) => `  ${node.name}: 127.0.0.1:${node.port}, keeper pid ${node.process.pid}`),
      ...(service ? [`  service: http://127.0.0.1:${service.port}, pid ${service.pid}`] : []),
      `  logs: ${cluster.logDir}`,
      'Ctrl-C stops every process; the next start resumes the cluster.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`HA cluster start-up failed: ${(error as Error).message}\n`);
  process.exit(1);
});
