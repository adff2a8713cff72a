/**
 * Every generator of the repository, in one place: what it writes, the npm script that runs it alone, and the test
 * that fails while what it wrote is stale. `npm run generate` runs them all in this order (scripts/generate.ts);
 * test/architecture/generators.test.ts holds the list to package.json and to the checks.
 */
export interface Generator {
  /** The npm script that runs it alone. */
  script: string;
  writes: string;
  /** The tests that fail while its files are stale; each names `npm run <script>` in its message or title. */
  checkedBy: string[];
}

export const GENERATORS: readonly Generator[] = [
  {
    script: 'migrations:generate',
    writes:
      'migrations/<NNNN>_<name>.sql: the storage the kinds declare and migrations/ lacks (`npm run generate -- <name>` names it; nothing when they agree)',
    checkedBy: ['test/platform/resource/storage-ddl.test.ts'],
  },
  {
    script: 'sql:snapshots',
    writes:
      "docs/sql/<kind>.md (the engine's SQL of each kind), docs/sql/repositories/<name>.md (each repository's SQL), test/platform/resource/sql/<kind>.md (the engine's test kinds)",
    checkedBy: ['test/platform/resource/sql-snapshots.test.ts'],
  },
  {
    script: 'console:api',
    writes: "console/src/api/openapi.d.ts: the console's API types, from the OpenAPI document the service serves",
    checkedBy: ['test/console/console-build.test.ts'],
  },
  {
    script: 'docs:events',
    writes: 'the event catalogue of docs/notifications.md, from the kinds and actions declared',
    checkedBy: ['test/notifications/event-catalogue.test.ts'],
  },
  {
    script: 'docs:life-cycles',
    writes:
      'the life cycle blocks of docs/subscriptions.md, docs/notifications.md and docs/catalog.md, from the declared state tables',
    checkedBy: ['test/subscriptions/subscription-lifecycle-docs.test.ts', 'test/docs/life-cycle-docs.test.ts'],
  },
];
