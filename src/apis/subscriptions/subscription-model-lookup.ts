import type { Static } from 'typebox';
import type { Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import type { EmbeddedModelSchema, Subscription } from './subscription.schema.js';
import { subscriptionModelResource } from './subscription-model.resource.js';

export type EmbeddedModel = Static<typeof EmbeddedModelSchema>;

/** The model a subscription follows, as it carries it, and its id when it names a stored model. */
export interface ResolvedModel {
  model: EmbeddedModel & Required<Pick<EmbeddedModel, 'term'>>;
  modelId?: string;
}

function embedded(doc: Record<string, unknown>): ResolvedModel {
  const model = {
    id: String(doc.id),
    name: doc.name,
    ...(doc.customerId === undefined ? {} : { customerId: doc.customerId }),
    ...(doc.durationUntilTrialEnd === undefined ? {} : { durationUntilTrialEnd: doc.durationUntilTrialEnd }),
    term: doc.term,
  } as ResolvedModel['model'];
  return { model, modelId: model.id };
}

/**
 * The model `subscription` names, read with the caller's rights in `tx`: by `modelId`, else inline (`model.term`),
 * else by `model.name` among the owner's models (then the operator's). A stored model must be the owner's or the
 * operator's. Nothing named: 400.
 */
export async function resolveModel(
  services: RecordStores,
  tx: Transaction,
  principal: Principal,
  subscription: Subscription,
): Promise<ResolvedModel> {
  const models = services.of(subscriptionModelResource);
  const owner = subscription.customerId;
  const usable = (doc: Record<string, unknown>) => doc.customerId === undefined || doc.customerId === owner;
  if (subscription.modelId !== undefined) {
    const { docs } = await models.listRecords(principal, { id: subscription.modelId, size: 1 }, undefined, { db: tx });
    const found = docs[0];
    if (!found) throw new ValidationError(`body.modelId: subscription model ${subscription.modelId} was not found`);
    if (!usable(found))
      throw new ValidationError(
        `body.modelId: subscription model ${subscription.modelId} belongs to another customer than the subscription's (${owner})`,
      );
    return embedded(found);
  }
  const given = subscription.model;
  if (given?.term !== undefined) {
    // An inline model is the body's own: it names no stored model, so an id or owner sent with it is not kept.
    const { name, durationUntilTrialEnd, term } = given;
    return {
      model: {
        ...(name === undefined ? {} : { name }),
        ...(durationUntilTrialEnd === undefined ? {} : { durationUntilTrialEnd }),
        term,
      },
    };
  }
  if (given?.name !== undefined) {
    const { docs } = await models.listRecords(principal, { name: given.name, size: 500 }, undefined, { db: tx });
    const found = docs.find((doc) => doc.customerId === owner) ?? docs.find((doc) => doc.customerId === undefined);
    if (!found)
      throw new ValidationError(
        `body.model.name: no subscription model named ${JSON.stringify(given.name)} for customer ${owner}`,
      );
    return embedded(found);
  }
  throw new ValidationError(
    'body.modelId is required: a subscription follows a model (modelId, model.name, or an inline model.term)',
  );
}
