import { readFileSync, writeFileSync } from 'node:fs';
import { withLifecycleBlock } from '../src/apis/subscriptions/subscription-diagram.js';

/** Rewrites the life cycle diagram and table of docs/subscriptions.md from the declared state machine. */
const file = 'docs/subscriptions.md';
writeFileSync(file, withLifecycleBlock(readFileSync(file, 'utf8')));
process.stdout.write(`wrote the subscription life cycle to ${file}\n`);
