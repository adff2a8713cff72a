import { readFileSync, writeFileSync } from 'node:fs';
import { IMPORT_LIFE_CYCLE } from '../src/apis/catalog/import/import-life-cycle.js';
import { withLifeCycleBlock } from '../src/apis/life-cycle-doc.js';
import { NOTIFICATION_LIFE_CYCLE } from '../src/apis/notifications/notification.lifecycle.js';
import { withLifecycleBlock } from '../src/apis/subscriptions/subscription-diagram.js';

/**
 * Rewrites the generated life cycle blocks from the declared tables: the subscription's (docs/subscriptions.md), the
 * notification delivery's (docs/notifications.md) and the import's (docs/catalog.md).
 */
const rewrite = (file: string, change: (page: string) => string) => {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  process.stdout.write(`wrote the life cycle of ${file}\n`);
};
rewrite('docs/subscriptions.md', withLifecycleBlock);
for (const doc of [NOTIFICATION_LIFE_CYCLE, IMPORT_LIFE_CYCLE])
  rewrite(doc.file, (page) => withLifeCycleBlock(page, doc));
