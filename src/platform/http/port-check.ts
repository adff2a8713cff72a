import { createServer } from 'node:net';

/**
 * Binds `host:port` for a moment and lets it go, so a port already in use stops start-up before the database is
 * opened (and before an embedded database is locked). Rejects with the listen error (EADDRINUSE, EACCES, ...).
 */
export function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
