import type { EventDeclaration } from '../../events/event-declarations.js';
import type { AnyResourceDefinition } from './resource-definition.js';

/**
 * The events a kind emits: `created`, `updated`, `deleted` of its generic operations, its changing actions' facts, and
 * what it declares in `emits` (a job's, another kind's action).
 */
export function declaredEvents(definition: AnyResourceDefinition): EventDeclaration[] {
  const { name: subject, path, operations } = definition;
  const record = String(definition.schema.$id);
  const key = `${path}/{${definition.key.param}}`;
  const events: EventDeclaration[] = [];
  const add = (fact: string, emittedBy: string) => events.push({ subject, fact, emittedBy, record });
  if (operations.create) add('created', `${operations.create} (POST ${path})`);
  if (operations.update) add('updated', `${operations.update} (PUT ${key})`);
  if (operations.delete) add('deleted', `${operations.delete} (DELETE ${key})`);
  for (const action of definition.actions) {
    if (action.on === 'record' && 'change' in action)
      add(
        action.fact,
        `${action.operationId} (${action.method ?? 'POST'} ${key}/${action.path.replace(/:(\w+)/g, '{$1}')})`,
      );
  }
  for (const { fact, by } of definition.emits ?? []) add(fact, by);
  return events;
}
