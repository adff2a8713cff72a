import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

function fail(message: string): never {
  process.stderr.write(`start-up failed: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  let built;
  try {
    built = await buildApp(config);
  } catch (error) {
    fail(`could not open the database or prepare the service: ${(error as Error).message.split('\n')[0]}`);
  }
  const { app } = built;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close().catch(() => undefined);
    fail(code === 'EADDRINUSE' ? `port ${config.port} is already in use` : (error as Error).message);
  }

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then exit 0.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const forced = setTimeout(() => {
        app.log.error('shutdown took longer than 25 s; exiting');
        process.exit(1);
      }, 25_000);
      forced.unref();
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}

void main();
