import { createServer } from 'node:net';

/** A TCP port nobody listens on right now on 127.0.0.1 (a server can then be told its address before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
