import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_POSTGRES, postgresBinDirs } from '../../deploy/cluster.js';
import { freePort } from '../support/free-port.js';

/** The directory holding `initdb`, `pg_ctl` and `postgres`, or why there is none. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const candidates = postgresBinDirs();
  const bin = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name))));
  return bin
    ? { bin }
    : {
        missing: `no PostgreSQL server binaries (initdb, pg_ctl, postgres) in ${process.env.PG_BIN ?? `${DEBIAN_POSTGRES}/*/bin`}; set PG_BIN`,
      };
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory, on a free port of 127.0.0.1: it can be stopped
 * and started without disturbing the shared server other test files use.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
    private readonly user: { uid: number; gid: number } | undefined,
  ) {}

  static async create(bin: string): Promise<PrivatePostgres> {
    const user = runAs();
    const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
    if (user) chownSync(dir, user.uid, user.gid);
    const cluster = new PrivatePostgres(bin, dir, await freePort(), user);
    await cluster.run('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--locale=C',
    ]);
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): Promise<string> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c max_connections=50`;
    return this.run('pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      options,
    ]);
  }

  /** `fast`: clients are disconnected and the server shuts down cleanly; `immediate`: it stops at once, as in a crash (recovery from the WAL at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<string> {
    return this.run('pg_ctl', ['stop', '-w', '-t', '60', '-D', this.dataDir, '-m', mode]);
  }

  serverLog(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(program: string, args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      // pg_ctl start leaves `postgres` running with our pipes unless its output goes to the log file: stdio ignored.
      const child = spawn(join(this.bin, program), args, {
        cwd: this.dir,
        stdio: ['ignore', 'ignore', 'pipe'],
        ...(this.user ?? {}),
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve(stderr)
          : reject(new Error(`${program} ${args[0]} exited ${code}: ${stderr}\n${this.serverLog().slice(-2000)}`)),
      );
    });
  }
}
