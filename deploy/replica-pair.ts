import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEBIAN_POSTGRES, freePort, postgresBinDirs, unprivilegedUser } from './cluster.js';

/**
 * A PostgreSQL primary and a streaming replica of it (`pg_basebackup -R`) on this machine, for the read-replica test,
 * `npm run bench:replica` and `npm run replica`: two clusters of their own under one directory, on free ports of
 * 127.0.0.1, run by the `postgres` user when started by root (PostgreSQL refuses root). The machine's own server is
 * not touched.
 */

const NEEDED = ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup'];

/** The newest PostgreSQL server binaries (or PG_BIN's), or what is missing. */
export function serverBinaries(): { bin: string } | { missing: string } {
  const candidates = postgresBinDirs();
  const bin = candidates.find((dir) => NEEDED.every((name) => existsSync(join(dir, name))));
  return bin
    ? { bin }
    : { missing: `no PostgreSQL server binaries (${NEEDED.join(', ')}) in ${process.env.PG_BIN ?? `${DEBIAN_POSTGRES}/*/bin`}; set PG_BIN` };
}

export interface ReplicaPairOptions {
  /** Where both clusters live; a new temporary directory by default (removed by `destroy`). */
  dir?: string;
  /** The database created on the primary (and so on the replica). */
  database?: string;
  /** `fsync=off` and initdb without its flush: for a test's or a bench's data, which never outlives the machine. */
  throwaway?: boolean;
}

/** One of the two servers: its data directory, port and log. */
class Server {
  constructor(
    private readonly pair: ReplicaPair,
    readonly name: 'primary' | 'replica',
    readonly port: number,
  ) {}

  get dataDir(): string {
    return join(this.pair.dir, this.name);
  }

  get log(): string {
    return join(this.pair.dir, `${this.name}.log`);
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts it and waits until it takes connections (a standby: once it is consistent and in hot standby). */
  start(): Promise<string> {
    const settings = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.pair.dir}`,
      '-c max_connections=100',
      // A standby's reads never cancel for a vacuum on the primary: the primary keeps what they still see.
      '-c hot_standby_feedback=on',
      ...(this.pair.throwaway ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
    ];
    return this.pair.run('pg_ctl', ['start', '-w', '-t', '120', '-D', this.dataDir, '-l', this.log, '-o', settings.join(' ')]);
  }

  /** `fast`: a clean shutdown; `immediate`: at once, as in a crash. */
  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<string> {
    return this.pair.run('pg_ctl', ['stop', '-w', '-t', '60', '-D', this.dataDir, '-m', mode]);
  }
}

export class ReplicaPair {
  readonly primary: Server;
  readonly replica: Server;
  private readonly user = unprivilegedUser();

  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly database: string,
    readonly throwaway: boolean,
    private readonly ownDir: boolean,
    ports: [number, number],
  ) {
    this.primary = new Server(this, 'primary', ports[0]);
    this.replica = new Server(this, 'replica', ports[1]);
  }

  /** Creates the primary (initdb, then the database), starts it, then makes and starts the replica from a base backup. */
  static async start(options: ReplicaPairOptions = {}): Promise<ReplicaPair> {
    const found = serverBinaries();
    if ('missing' in found) throw new Error(found.missing);
    const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'replica-pair-'));
    const pair = new ReplicaPair(
      found.bin,
      dir,
      options.database ?? 'commerce',
      options.throwaway ?? false,
      options.dir === undefined,
      [await freePort(), await freePort()],
    );
    pair.ownedDir(dir);
    try {
      await pair.createPrimary();
      await pair.primary.start();
      await pair.createDatabase();
      await pair.run('pg_basebackup', [
        ...['-D', pair.replica.dataDir, '-h', '127.0.0.1', '-p', String(pair.primary.port), '-U', 'postgres'],
        // -R: standby.signal and primary_conninfo written, so it starts as a streaming replica; -X stream: the WAL of the backup's time too.
        ...['-R', '-X', 'stream', '-c', 'fast', ...(pair.throwaway ? ['--no-sync'] : [])],
      ]);
      await pair.replica.start();
      return pair;
    } catch (error) {
      await pair.destroy();
      throw error;
    }
  }

  get primaryUrl(): string {
    return this.primary.url(this.database);
  }

  get replicaUrl(): string {
    return this.replica.url(this.database);
  }

  /** Both servers stopped (as a crash when `immediate`); the directory removed when the pair made it. */
  async destroy(mode: 'fast' | 'immediate' = 'immediate'): Promise<void> {
    await Promise.allSettled([this.replica.stop(mode), this.primary.stop(mode)]);
    if (this.ownDir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** Runs one of the server programs as the user that owns the clusters; rejects with its error output. */
  run(program: string, args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        join(this.bin, program),
        args,
        { cwd: this.dir, ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}) },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${program} ${args[0]} failed: ${stderr || error.message}`)) : resolve(stdout),
      );
    });
  }

  private ownedDir(path: string): void {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    if (this.user) chownSync(path, this.user.uid, this.user.gid);
  }

  private async createPrimary(): Promise<void> {
    await this.run('initdb', [
      ...['-D', this.primary.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'],
      ...(this.throwaway ? ['--no-sync'] : []),
    ]);
  }

  private async createDatabase(): Promise<void> {
    const client = new pg.Client({ connectionString: this.primary.url('postgres') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${this.database}"`);
    } finally {
      await client.end();
    }
  }
}
