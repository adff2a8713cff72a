import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../platform/auth/authenticate.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { NoBody } from '../../platform/http/response-declarations.js';
import { PageSchema, pageOf, Ref } from '../../platform/resource/declare.js';
import { pagingParameters } from '../../platform/resource/shapes.js';
import type { RealmService } from './realm.service.js';
import { NewRealmUserSchema, RealmParamsSchema, RealmUserSchema, UserParamsSchema } from './realm-user.schema.js';

const TAG = 'Tokens (IAM)';

const DEFAULT_PAGE_SIZE = 20;
// The engine's bounds; an unbounded page made an offset past PostgreSQL's bigint (a 500).
const PageQuery = Type.Object(pagingParameters(DEFAULT_PAGE_SIZE), { additionalProperties: false });

/** Routes only; the shared schemas (`realmUserSchemas`) are added by the caller. */
export function registerRealmUserRoutes(untyped: FastifyInstance, realms: RealmService) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/iam/realms/:realm/users', {
    config: { scope: 'iam:read' },
    schema: {
      operationId: 'listRealmUsers',
      tags: [TAG],
      summary: 'List the users of a realm',
      description:
        "The operator lists any realm's users; a customer's token its own realm's only (another realm answers 404).",
      params: RealmParamsSchema,
      querystring: PageQuery,
      response: { 200: PageSchema(Ref(RealmUserSchema)), ...errorResponses('simple', [404]) },
    },
    handler: async (request) => {
      const { page = 0, size = DEFAULT_PAGE_SIZE } = request.query;
      const { rows, total } = await realms.listUsers(principalOf(request), request.params.realm, page, size);
      return pageOf(rows, page, size, total);
    },
  });

  app.post('/iam/realms/:realm/users', {
    config: { scope: 'iam:write' },
    schema: {
      operationId: 'createRealmUser',
      tags: [TAG],
      summary: 'Create a user in a realm',
      description:
        "The user logs in with the `password` grant. Its scopes are at most the realm's and the creating token's; a taken username answers 409.",
      params: RealmParamsSchema,
      body: Ref(NewRealmUserSchema),
      response: { 201: Ref(RealmUserSchema), ...errorResponses('simple', [404, 409]) },
    },
    handler: async (request, reply) => {
      const user = await realms.createUser(principalOf(request), request.params.realm, request.body);
      return reply.code(201).send(user);
    },
  });

  app.delete('/iam/realms/:realm/users/:userId', {
    config: { scope: 'iam:write' },
    schema: {
      operationId: 'deleteRealmUser',
      tags: [TAG],
      summary: 'Delete a user; its sessions end at once',
      description: 'Its access and refresh tokens are refused from then on.',
      params: UserParamsSchema,
      response: { 204: NoBody(), ...errorResponses('simple', [404]) },
    },
    handler: async (request, reply) => {
      const { realm, userId } = request.params;
      await realms.deleteUser(principalOf(request), realm, userId);
      return reply.code(204).send();
    },
  });
}
