import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIFE_CYCLE, IMPORT_TRANSITIONS } from '../../src/apis/catalog/import/import-life-cycle.js';
import { type LifeCycleDoc, lifeCycleBlock, lifeCycleMermaid } from '../../src/apis/life-cycle-doc.js';
import {
  DELIVERY_TRANSITIONS,
  NOTIFICATION_LIFE_CYCLE,
  NOTIFICATION_STATUSES,
} from '../../src/apis/notifications/notification.lifecycle.js';

const edges = (doc: LifeCycleDoc) =>
  lifeCycleMermaid(doc)
    .split('\n')
    .filter((line) => line.includes('-->') && !line.includes('[*]'));

describe('the notification and import life cycles in their pages', () => {
  it.each([NOTIFICATION_LIFE_CYCLE, IMPORT_LIFE_CYCLE])(
    '$file shows the current $id block; run `npm run docs:life-cycles` (or `npm run generate`) after changing the table',
    (doc) => {
      expect(readFileSync(doc.file, 'utf8').includes(lifeCycleBlock(doc)), `${doc.file} is out of date`).toBe(true);
    },
  );

  it('draw one edge per declared (from, to) move', () => {
    expect(edges(NOTIFICATION_LIFE_CYCLE)).toHaveLength(
      DELIVERY_TRANSITIONS.reduce((n, transition) => n + transition.from.length, 0),
    );
    expect(edges(IMPORT_LIFE_CYCLE)).toHaveLength(Object.values(IMPORT_TRANSITIONS).flat().length);
    expect(edges(IMPORT_LIFE_CYCLE)).toContain('    RUNNING --> CANCELLED: cancel');
  });

  it('give every notification status a way out: a try, or the retry action', () => {
    for (const status of NOTIFICATION_STATUSES)
      expect(DELIVERY_TRANSITIONS.some((transition) => (transition.from as readonly string[]).includes(status))).toBe(
        true,
      );
  });
});
