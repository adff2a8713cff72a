import { ReplicaPair } from './replica-pair.js';

/**
 * `npm run replica`: a PostgreSQL primary and a streaming replica of it on free ports of this machine
 * (deploy/replica-pair.ts), for trying DATABASE_REPLICA_URL. Prints the two URLs; Ctrl-C stops both servers and
 * removes their data. REPLICA_DIR keeps the data in a directory of your choice instead of a temporary one (it must be
 * new or empty).
 */
const pair = await ReplicaPair.start(process.env.REPLICA_DIR ? { dir: process.env.REPLICA_DIR } : {});
process.stdout.write(
  [
    `primary and streaming replica running in ${pair.dir} (logs primary.log, replica.log)`,
    'run the service on them with:',
    `  DATABASE_URL=${pair.primaryUrl} DATABASE_REPLICA_URL=${pair.replicaUrl} npm start`,
    'Ctrl-C stops both',
    '',
  ].join('\n'),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    pair.destroy('fast').then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
// Keeps the process alive until a signal.
setInterval(() => undefined, 1 << 30);
