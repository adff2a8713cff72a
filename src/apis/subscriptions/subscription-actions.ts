import type { TSchema } from 'typebox';
import type { ActionDefinition, ChangingRecordAction, RecordActionContext } from '../../platform/resource/declare.js';
import { actionDescription, LIFECYCLE_ACTIONS, type LifecycleAction } from './subscription.lifecycle.js';
import { SubscriptionSchema } from './subscription.schema.js';
import { prebillAction } from './subscription-prebill.js';
import { statusChange } from './subscription-transitions.js';
import { upgradeChange } from './subscription-upgrade.js';

type Schema = typeof SubscriptionSchema;

function changingAction<B extends TSchema>(
  action: LifecycleAction,
  route: { operationId: string; summary: string },
  change: ChangingRecordAction<Schema, B>['change'],
  body?: B,
): ChangingRecordAction<Schema, B> {
  return {
    on: 'record',
    path: action.name,
    operationId: route.operationId,
    summary: route.summary,
    description: actionDescription(action),
    fact: action.fact,
    change,
    ...(body ? { body } : {}),
  };
}

/** One route per routed action of the life cycle table; what each does beyond its transition is beside it. */
export const subscriptionActions: ActionDefinition<Schema>[] = LIFECYCLE_ACTIONS.flatMap(
  (action): ActionDefinition<Schema>[] => {
    const { route } = action;
    if (route === false) return [];
    switch (action.name) {
      case 'upgrade':
        return [changingAction(action, route, (ctx) => upgradeChange(action, ctx.services, ctx), SubscriptionSchema)];
      case 'prebill':
        return [prebillAction(action, route)];
      default:
        return [
          changingAction(action, route, async ({ record, now }: RecordActionContext<Schema>) => ({
            record: statusChange(action, record, now),
          })),
        ];
    }
  },
);
