import { randomBytes } from 'node:crypto';

/** A value no other test uses (names, tags scoping a listing to one test's records). */
export function unique(prefix = 'u'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}
