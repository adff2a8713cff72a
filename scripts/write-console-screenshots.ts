import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

/**
 * Copies the screenshots docs/console.md shows from the browser tests' output (test-results/console, written by
 * `npx vitest run test/browser`) into docs/console/, so the page shows the console as the tests last saw it.
 */
export const DOC_SCREENSHOTS = [
  'overview-operator',
  'customers-list',
  'customer-page',
  'products-list',
  'product-editor',
  'product-history',
  'price-function-editor',
  'subscription-page',
  'notification-definitions',
  'definition-test',
  'delivery-log',
  'recommendations-try',
  'assets-uploading',
  'terms',
  'products-list-390',
  'product-import-wizard',
  'product-import-progress',
];

mkdirSync('docs/console', { recursive: true });
const missing = DOC_SCREENSHOTS.filter((name) => !existsSync(`test-results/console/${name}.png`));
if (missing.length) {
  process.stderr.write(`missing (run npx vitest run test/browser first): ${missing.join(', ')}\n`);
  process.exit(1);
}
for (const name of DOC_SCREENSHOTS) copyFileSync(`test-results/console/${name}.png`, `docs/console/${name}.png`);
process.stdout.write(`copied ${DOC_SCREENSHOTS.length} screenshots into docs/console/\n`);
