import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ClusterProcess, DEBIAN_POSTGRES, findBinary, postgresBinDirs, unprivilegedUser } from './cluster.js';

/**
 * pg_auto_failover's `pg_autoctl` (Debian's pg-auto-failover-cli and postgresql-<version>-auto-failover), run for the
 * HA cluster of deploy/ha-cluster.ts: its configuration, state and pid files all under one directory, as the
 * `postgres` user when started by root (PostgreSQL refuses to run as root).
 */


export interface AutoFailoverInstall {
  pgAutoctl: string;
  /** The PostgreSQL server binaries pg_autoctl runs (pg_ctl, postgres, pg_basebackup, pg_rewind). */
  binDir: string;
}

/** The newest PostgreSQL with pg_auto_failover's extension (or PG_BIN's), or what is missing. */
export function autoFailoverInstall(): AutoFailoverInstall | { missing: string } {
  const pgAutoctl = findBinary('pg_autoctl');
  if (!pgAutoctl)
    return { missing: 'pg_autoctl is not installed (deploy/install-packages.sh installs pg-auto-failover-cli)' };
  const candidates = postgresBinDirs();
  const binDir = candidates.find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'pg_config')));
  if (!binDir)
    return {
      missing: `no PostgreSQL server binaries (pg_ctl, pg_config) in ${candidates.join(', ') || DEBIAN_POSTGRES}`,
    };
  const shareDir = execFileSync(join(binDir, 'pg_config'), ['--sharedir'], { encoding: 'utf8' }).trim();
  if (!existsSync(join(shareDir, 'extension', 'pgautofailover.control')))
    return {
      missing: `pg_auto_failover's extension is not installed in ${shareDir} (deploy/install-packages.sh installs it)`,
    };
  return { pgAutoctl, binDir };
}

/** `pg_autoctl` commands and services whose files all live under `dir`. */
export class PgAutoctl {
  private readonly user = unprivilegedUser();

  constructor(
    readonly install: AutoFailoverInstall,
    readonly dir: string,
    private readonly echo: boolean,
  ) {
    for (const sub of ['', 'config', 'share', 'run', 'logs']) this.ownedDir(join(dir, sub));
  }

  /** A directory the user running PostgreSQL owns. */
  ownedDir(path: string): string {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    if (this.user) chownSync(path, this.user.uid, this.user.gid);
    return path;
  }

  get logDir(): string {
    return join(this.dir, 'logs');
  }

  /** pg_autoctl keeps its configuration in XDG_CONFIG_HOME, its state in XDG_DATA_HOME and pid files in XDG_RUNTIME_DIR. */
  private get env(): Record<string, string> {
    return {
      PATH: `${this.install.binDir}:/usr/bin:/bin`,
      HOME: this.dir,
      XDG_CONFIG_HOME: join(this.dir, 'config'),
      XDG_DATA_HOME: join(this.dir, 'share'),
      XDG_RUNTIME_DIR: join(this.dir, 'run'),
    };
  }

  /** The node at `pgdata` was created: its configuration file exists. */
  created(pgdata: string): boolean {
    return existsSync(join(this.dir, 'config', 'pg_autoctl', pgdata, 'pg_autoctl.cfg'));
  }

  /** A command that ends (`config set`, `show state`); rejects with its output when it fails. */
  command(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        this.install.pgAutoctl,
        args,
        { cwd: this.dir, env: this.env, ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}) },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`pg_autoctl ${args.slice(0, 2).join(' ')} failed: ${stderr || error.message}`))
            : resolve(stdout),
      );
    });
  }

  /**
   * A pg_autoctl service (`create ... --run`, or `run`): in a process group of its own with the postgres it starts, so
   * that killing the group is a machine dying, keeper and database together.
   */
  private service(name: string, args: string[]): ClusterProcess {
    return new ClusterProcess(
      name,
      this.install.pgAutoctl,
      args,
      this.env,
      join(this.logDir, `${name}.log`),
      this.echo,
      undefined,
      { ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}), ownGroup: true },
    );
  }

  /**
   * An empty PostgreSQL cluster at `pgdata` for `pg_autoctl create` to take over (it runs initdb itself otherwise),
   * for a test's cluster, which never outlives the machine: without initdb's final flush to disk (seconds saved), and
   * with small shared buffers (pg_autoctl sizes them at a quarter of the machine's memory, for each node; a standby's
   * base backup copies the setting).
   */
  async initdbWithoutSync(pgdata: string): Promise<void> {
    if (existsSync(pgdata)) return;
    await new Promise<void>((resolve, reject) => {
      execFile(
        join(this.install.binDir, 'initdb'),
        ['--pgdata', pgdata, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--no-sync'],
        { cwd: this.dir, env: this.env, ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}) },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`initdb failed: ${stderr || error.message}`)) : resolve(),
      );
    });
    // postgresql.auto.conf is read after the settings pg_autoctl includes from postgresql.conf: this one stands.
    appendFileSync(join(pgdata, 'postgresql.auto.conf'), "shared_buffers = '128MB'\n");
  }

  /** `pg_autoctl run` of a node or monitor created before: it asks the monitor what to be and carries on. */
  runService(name: string, pgdata: string): ClusterProcess {
    return this.service(name, ['run', '--pgdata', pgdata]);
  }

  /** The monitor, created the first time (then `run`). Local only: 127.0.0.1, trust, no TLS. */
  monitorService(pgdata: string, port: number): ClusterProcess {
    if (this.created(pgdata)) return this.runService('monitor', pgdata);
    return this.service('monitor', ['create', 'monitor', ...this.createOptions(pgdata, port), '--run']);
  }

  /** A PostgreSQL node and its keeper, registered with the monitor the first time (then `run`). */
  nodeService(name: string, pgdata: string, port: number, database: string, monitorUrl: string): ClusterProcess {
    if (this.created(pgdata)) return this.runService(name, pgdata);
    const node = ['--name', name, '--dbname', database, '--monitor', monitorUrl];
    return this.service(name, ['create', 'postgres', ...this.createOptions(pgdata, port), ...node, '--run']);
  }

  /** The pg_ctl of the server binaries is named, so that pg_autoctl does not look for it on PATH. */
  private createOptions(pgdata: string, port: number): string[] {
    return [
      ...['--pgctl', join(this.install.binDir, 'pg_ctl'), '--pgdata', pgdata, '--pgport', String(port)],
      ...['--listen', '127.0.0.1', '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'],
    ];
  }
}
