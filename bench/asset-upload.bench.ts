import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

/**
 * Uploads a 100 MiB file, generated while it is sent (never held in memory), to the service running in a child
 * process on a real port, then downloads it. Prints elapsed time, MiB/s and the server's peak RSS increase during
 * each transfer (VmHWM from /proc, reset before each one through clear_refs), to show memory stays bounded.
 * Usage: `npx tsx bench/asset-upload.bench.ts` (BENCH_MIB to change the size; DATABASE_URL to use PostgreSQL).
 */
const MIB = 1_048_576;
const SIZE = Number(process.env.BENCH_MIB ?? 100) * MIB;
const CHUNK = 64 * 1024;

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./asset-upload-server.ts', import.meta.url).pathname],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const exited = once(child, 'exit');

/** The server's `{port, token}` line; anything it logs before (start-up warnings) goes to stderr. */
function handshake(): Promise<{ port: number; token: string }> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const parsed = (() => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      })();
      if (typeof parsed?.port === 'number' && typeof parsed.token === 'string')
        resolve({ port: parsed.port, token: parsed.token });
      else process.stderr.write(`server: ${line}\n`);
    });
    void exited.then(([code]) => reject(new Error(`server exited with ${code}`)));
  });
}

const status = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024;
/** Resets the peak (VmHWM) to the current RSS (Linux `clear_refs` 5). */
const resetPeak = () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5');

/** `size` varied bytes, made chunk by chunk as the socket drains; the hash is computed on the way. */
function* content(hash: ReturnType<typeof createHash>, size: number): Generator<Buffer> {
  const pool = randomBytes(CHUNK * 4);
  for (let sent = 0, i = 0; sent < size; i += 1) {
    const chunk = Buffer.from(
      pool.subarray((i * 7919) % (CHUNK * 3), ((i * 7919) % (CHUNK * 3)) + Math.min(CHUNK, size - sent)),
    );
    chunk.writeUInt32BE(i, 0);
    hash.update(chunk);
    sent += chunk.length;
    yield chunk;
  }
}

function upload(hash: ReturnType<typeof createHash>, size = SIZE): Promise<{ status: number; body: string }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (function* () {
      yield head;
      yield* content(hash, size);
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/assets',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (text += c))
          .on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
}

function download(path: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        hash.update(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
    })
      .on('error', reject)
      .end();
  });
}

/** Runs `work` while sampling RSS; reports the peak increase over the RSS just before. */
async function measured<T>(work: () => Promise<T>) {
  if (global.gc) global.gc();
  await new Promise((r) => setTimeout(r, 200));
  resetPeak();
  const before = status('VmRSS');
  let sampledPeak = before;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, status('VmRSS'))), 20);
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const peak = Math.max(status('VmHWM'), sampledPeak);
  return { result, seconds, before, peak, growth: peak - before };
}

const mib = (bytes: number) => (bytes / MIB).toFixed(1);

let port = 0;
let token = '';
try {
  ({ port, token } = await handshake());
  // Warm-up: the multipart, hashing and store code paths are loaded before measuring.
  const small = await upload(createHash('sha256'), MIB);
  if (small.status !== 201) throw new Error(`warm-up upload answered ${small.status}: ${small.body}`);

  const clientHash = createHash('sha256');
  const up = await measured(() => upload(clientHash));
  if (up.result.status !== 201) throw new Error(`upload answered ${up.result.status}: ${up.result.body}`);
  const asset = JSON.parse(up.result.body) as { id: string; url: string; size: number };
  const expected = clientHash.digest('hex');
  // The id is not the content's hash (docs/assets.md, Ownership): the download below checks the content.
  if (asset.size !== SIZE) throw new Error(`stored ${asset.id} (${asset.size} bytes), expected ${SIZE}`);

  const down = await measured(() => download(new URL(asset.url).pathname));
  if (down.result.status !== 200 || down.result.sha256 !== expected)
    throw new Error(`download answered ${down.result.status} with other content`);

  console.log(`\n${mib(SIZE)} MiB through the service on 127.0.0.1:${port} (server: separate process)\n`);
  for (const [name, m] of [
    ['upload (POST /assets)', up],
    ['download (GET /assets/{id}/{name})', down],
  ] as const) {
    console.log(
      `${name.padEnd(36)} ${m.seconds.toFixed(2).padStart(6)} s  ${(SIZE / MIB / m.seconds).toFixed(1).padStart(7)} MiB/s   server RSS ${mib(m.before)} -> peak ${mib(m.peak)} MiB (+${mib(m.growth)} MiB)`,
    );
  }
  const bounded = up.growth < SIZE / 4;
  console.log(
    `\nupload peak RSS growth ${mib(up.growth)} MiB for a ${mib(SIZE)} MiB file: ${bounded ? 'bounded (streamed)' : 'NOT bounded'}`,
  );
  if (!bounded) process.exitCode = 1;
} finally {
  // Wait for the server to close: it removes its DATA_DIR and its PostgreSQL schema on the way out.
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await exited;
  }
}
