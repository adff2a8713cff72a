import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static, type TObject } from 'typebox';
import { principalOf } from '../../auth/authenticate.js';
import { ANONYMOUS_PRINCIPAL } from '../../auth/principal.js';
import { autocommit, type Database, discardableTransaction, type Transaction } from '../../db/database.js';
import { errorResponses } from '../../errors/error-schemas.js';
import { type ResponseHeader, withHeaders } from '../../http/response-declarations.js';
import type { Doc } from '../declare/record.js';
import {
  type ActionContext,
  type ActionDefinition,
  actionAccess,
  actionMethod,
  type ChangeOutcome,
} from '../declare/resource-action.js';
import type { AnyResourceDefinition } from '../declare/resource-definition.js';
import { splitPath, withPath } from '../document/document-paths.js';
import type { ResourceService } from '../service/resource-service.js';
import type { ServiceRegistry } from '../service/service-registry.js';
import { draftSchemaOf } from './record-shapes.js';
import { keyOf, keyParamsSchema, recordRef, routeConfig, sharedRef } from './resource-routes.js';
import { IfMatchHeadersSchema } from './resource-schemas.js';
import { parseIfMatch, withVersion } from './versions.js';

interface ActionDeps {
  db: Database;
  services: ServiceRegistry;
}

/**
 * An action's request as the engine reads it: the query and path parameters validated against the schemas the action
 * declares (TObjects, assembled per action below, hence declared here rather than inferred); `run` gets them typed
 * from the action's own schemas (ActionContext).
 */
interface ActionRequest {
  Querystring: Static<TObject>;
  Params: Static<TObject>;
}

/** Below the record or the collection; a collection action's path starting with `/` stands alone (`/recommendations/cart`). */
function actionPath(definition: AnyResourceDefinition, action: ActionDefinition): string {
  if (action.on === 'record') return `${definition.path}/:${definition.key.param}/${action.path}`;
  return action.path.startsWith('/') ? action.path : `${definition.path}/${action.path}`;
}

function paramsSchema(definition: AnyResourceDefinition, action: ActionDefinition): TObject | undefined {
  const own = action.on === 'record' ? keyParamsSchema(definition).properties : {};
  const extra = action.params?.properties ?? {};
  return Object.keys({ ...own, ...extra }).length ? Type.Object({ ...own, ...extra }) : undefined;
}

/** What a success answer always carries: the ETag of a changed record, `Cache-Control` when it must not be kept. */
function successHeaders(action: ActionDefinition): ResponseHeader[] {
  return [
    ...new Set<ResponseHeader>([
      ...(changesRecord(action) ? (['etag'] as const) : []),
      ...(action.noStore ? (['cache-control'] as const) : []),
      ...(action.headers ?? []),
    ]),
  ];
}

/** The declared status and any other success status the action may answer, each with the answer's schema and headers. */
function successResponses(action: ActionDefinition, answer: object): Record<number, object> {
  const statuses = [action.status ?? 200, ...(action.alsoAnswers ?? [])];
  return Object.fromEntries(statuses.map((status) => [status, withHeaders(answer, ...successHeaders(action))]));
}

function changesRecord(action: ActionDefinition): boolean {
  return action.on === 'record' && action.fact !== undefined;
}

/** A record action answers 412 for a stale version and, on a kind with secrets, 409 for a secret that does not open. */
function errorCodes(action: ActionDefinition, secrets: boolean): number[] {
  const changes = changesRecord(action) ? [412, ...(secrets ? [409] : [])] : [];
  const codes = new Set([400, 404, ...changes, ...(action.errors ?? [])]);
  return [...codes].sort();
}

/**
 * Runs a writing action's work in one transaction, which the work may discard (a dry run); its events and after-commit
 * work go with the transaction. Reading actions run without one. Inside a transaction every query must go through
 * `ctx.tx`: the embedded database has one connection, so a query on the database itself would wait for ever.
 */
function inActionTransaction<T>(
  deps: ActionDeps,
  access: 'read' | 'write',
  work: (tx: Transaction, discard: () => void) => Promise<T>,
): Promise<T> {
  if (access === 'read') return work(autocommit(deps.db), () => undefined);
  return discardableTransaction(deps.db, work);
}

/**
 * Routes for the actions a kind declares beside it: path, scope, schemas and OpenAPI entry from the declaration;
 * the tenant lookup, row lock, `dbVersion` + 1, event, ETag and transaction from the engine.
 */
export function registerActionRoutes(app: FastifyInstance, service: ResourceService, deps: ActionDeps) {
  const { definition } = service;
  for (const action of definition.actions) {
    const method = actionMethod(action);
    const answeredRecord = recordRef(app, definition);
    const config: FastifyContextConfig = action.public
      ? { public: true, errorShape: definition.errorShape }
      : routeConfig(definition, actionAccess(action));
    app.route<ActionRequest>({
      method,
      url: actionPath(definition, action),
      config,
      schema: {
        operationId: action.operationId,
        tags: [definition.tag],
        ...(action.deprecated ? { deprecated: true } : {}),
        summary: action.summary,
        ...(action.description ? { description: action.description } : {}),
        ...(paramsSchema(definition, action) ? { params: paramsSchema(definition, action) } : {}),
        ...(action.query ? { querystring: action.query } : {}),
        // A kind's own schema as a body is its create-or-replace shape (server-set fields optional).
        ...(action.body
          ? { body: sharedRef(app, action.body === definition.schema ? draftSchemaOf(definition) : action.body) }
          : {}),
        ...(changesRecord(action) || action.ifMatch ? { headers: IfMatchHeadersSchema } : {}),
        response: {
          ...successResponses(action, action.response ? sharedRef(app, action.response) : answeredRecord),
          ...errorResponses(definition.errorShape, errorCodes(action, definition.secret.length > 0)),
        },
      },
      handler: async (request, reply) => {
        const principal = action.public ? ANONYMOUS_PRINCIPAL : principalOf(request);
        if (action.noStore) reply.header('cache-control', 'no-store');
        reply.code(action.status ?? 200);
        const answer = await inActionTransaction(deps, actionAccess(action), (tx, discard) => {
          const ctx: ActionContext<TObject> = {
            principal,
            tx,
            body: request.body,
            query: request.query ?? {},
            params: request.params,
            records: service,
            services: deps.services,
            now: service.now(),
            reply,
            discard,
          };
          return runAction(action, ctx, request, reply);
        });
        if (!action.writeJson) return answer;
        reply.type('application/json; charset=utf-8');
        return action.writeJson(answer as never);
      },
    });
  }
}

async function runAction(
  action: ActionDefinition,
  ctx: ActionContext<TObject>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const { records } = ctx;
  if (action.on === 'collection') return action.run(ctx);
  const key = keyOf(records.definition, ctx.params);
  if (action.fact === undefined) {
    const row = await records.findVisible(ctx.tx, ctx.principal, key);
    return action.run({ ...ctx, record: records.present(row.doc), dbVersion: row.db_version });
  }
  let outcome: ChangeOutcome<TObject> | undefined;
  const stored = await records.act(
    ctx.principal,
    key,
    async (record, { dbVersion }) => {
      outcome = await action.change({ ...ctx, record, dbVersion });
      return outcome.record;
    },
    {
      tx: ctx.tx,
      fact: action.fact,
      credential: action.credential,
      expectedVersion: parseIfMatch(request.headers['if-match']),
    },
  );
  const doc = Object.entries(outcome?.reveal ?? {}).reduce<Doc>(
    (shown, [path, value]) => withPath(shown, splitPath(path), value),
    withVersion(reply, stored),
  );
  return outcome?.response === undefined ? doc : outcome.response;
}
