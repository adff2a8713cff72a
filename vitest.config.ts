import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every response of the app under test is checked against its OpenAPI declaration (test/support/response-conformance.ts);
    // a worker hands each file's in-memory database on to its next file, reset to a fresh cluster (memory-databases.setup.ts).
    setupFiles: ['test/support/response-conformance.setup.ts', 'test/support/memory-databases.setup.ts'],
    globalSetup: ['test/support/console-build.global-setup.ts'],
    // Each test file builds its own app on its own database (PGlite in memory, or its own PostgreSQL schema).
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // A worker runs its files one after another in the same process: the app's modules are loaded (and PGlite's
    // WebAssembly compiled) once per worker, not once per file. Files stay independent all the same: each builds its
    // own app on its own database and makes its own data; no test mocks a module, and the few spies restore what they wrap.
    isolate: false,
    // Generous: a slow shared machine must not turn a passing test into a timeout.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
