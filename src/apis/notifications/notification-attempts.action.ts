import Type from 'typebox';
import { type ActionDefinition, defineAction, PageSchema, pageOf, Ref } from '../../platform/resource/declare.js';
import { pagingParameters } from '../../platform/resource/shapes.js';
import { notificationKind } from './notification.kind.js';
import { attemptsPage } from './notification.repository.js';
import type { NotificationSchema } from './notification.schema.js';
import { ATTEMPTS_KEPT, NotificationAttemptSchema } from './notification-attempt.schema.js';

const AttemptsQuerySchema = Type.Object(pagingParameters(notificationKind.defaultPageSize), {
  additionalProperties: false,
});

/**
 * GET /notifications/{id}/attempts: every try of the record, oldest first (DECISIONS §6). The engine finds the record
 * visible to the caller (another tenant's is a 404); the attempts are the record's own, kept beside it.
 */
export const listNotificationAttempts: ActionDefinition<typeof NotificationSchema> = defineAction({
  on: 'record',
  path: 'attempts',
  method: 'GET',
  operationId: 'listNotificationAttempts',
  summary: 'List the delivery tries of a notification, oldest first',
  description: `ext: each try with when it started, how long it took, where it went (url or emails), the receiver's status, answer headers and the first 4 KB of its answer body, and the error; no secret or signature appears. A manual retry's try is one of them. The latest ${ATTEMPTS_KEPT} tries of a record are kept. Paged like the listings: \`page\` from 0, \`size\`.`,
  query: AttemptsQuerySchema,
  response: PageSchema(Ref(NotificationAttemptSchema)),
  async run({ record, query, tx }) {
    const page = query.page ?? 0;
    const size = query.size ?? notificationKind.defaultPageSize;
    const { items, total } = await attemptsPage(tx, record.id!, page, size);
    return pageOf(items, page, size, total);
  },
});
