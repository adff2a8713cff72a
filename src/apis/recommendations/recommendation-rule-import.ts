import Type from 'typebox';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import type { Doc } from '../../platform/resource/declare.js';
import { type ActionDefinition, defineAction, Text } from '../../platform/resource/declare.js';
import { RecommendationRuleSchema } from './recommendation-rule.schema.js';

export const DEFAULT_IMPORT_REASON = 'resource import thru REST Api';

const ImportQuerySchema = Type.Object(
  { reason: Type.Optional(Text({ description: `recorded as lastUpdateReason; default "${DEFAULT_IMPORT_REASON}"` })) },
  { additionalProperties: false },
);

/**
 * Import: a rule whose `id` names a rule the caller can see replaces it (200, as PUT); any other rule is created
 * (201) with a new id, the id it came with kept as `originalId` (a rule copied from another environment).
 */
export const importRecommendationRule: ActionDefinition<typeof RecommendationRuleSchema> = defineAction({
  on: 'collection',
  path: 'import',
  operationId: 'importRecommendationRule',
  summary: 'Import a recommendation rule: replace the rule with its id, or create it',
  description:
    "Replaces (200, as PUT /recommendation-rules/{id}) the rule named by the body's `id` when the caller can see it; otherwise creates the rule (201) with a new id, keeping the body's `id` as `originalId` when it has none. `reason` becomes lastUpdateReason.",
  query: ImportQuerySchema,
  body: RecommendationRuleSchema,
  status: 201,
  alsoAnswers: [200],
  errors: [403, 412],
  headers: ['etag'],
  async run({ principal, body, query, records, tx, reply }) {
    const rule: Doc = { ...body, lastUpdateReason: query.reason ?? DEFAULT_IMPORT_REASON };
    const id = typeof rule.id === 'string' && rule.id !== '' ? rule.id : undefined;
    let stored = false;
    if (id !== undefined) {
      try {
        await records.get(principal, id, { db: tx });
        stored = true;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    if (!stored && id !== undefined && rule.originalId === undefined) rule.originalId = id;
    const written = stored
      ? await records.update(principal, id!, rule, { tx })
      : await records.create(principal, rule, { tx });
    if (stored) reply.code(200);
    reply.header('etag', `"${written.dbVersion}"`);
    return written.doc;
  },
});
