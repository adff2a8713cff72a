import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../platform/auth/authenticate.js';
import { PageSchema, Ref } from '../../platform/resource/declare.js';
import { ActivityEntrySchema, ListActivityQuerySchema } from './activity.schema.js';
import type { ActivityService } from './activity.service.js';

/**
 * `GET /activity`. Any token may ask (`anyToken`): the answer holds only the kinds whose read scope the token holds,
 * so a token with none of them gets an empty page, and one scope per route could not say "any read scope".
 */
export async function activityRoutes(untyped: FastifyInstance, options: { service: ActivityService }) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addSchema(ActivityEntrySchema);
  app.get('/activity', {
    config: { anyToken: true },
    schema: {
      operationId: 'listActivity',
      tags: ['Activity'],
      summary: 'List who changed which record and when, newest first',
      description:
        "Every create, update, delete and action of every kind, with its actor (USER, CLIENT, OPERATOR or SYSTEM), its delta and the previous values (secrets masked). The caller sees the changes of the records it may read: of the kinds whose `<area>:read` scope its token holds, and of its customer and its `authorizedCustomers` (the operator: every owner's, its own records included). Kept `ACTIVITY_RETENTION` (90 days by default).",
      querystring: ListActivityQuerySchema,
      response: { 200: PageSchema(Ref(ActivityEntrySchema)) },
    },
    handler: (request) => options.service.list(principalOf(request), request.query),
  });
}
