import type { AnyResourceDefinition } from '../resource/declare/resource-definition.js';

/** One kind of event the platform emits: its subject and fact, what emits it, and the schema of the record it carries. */
export interface EventDeclaration {
  subject: string;
  fact: string;
  /** The operation (`createTerms (POST /terms)`) or job that emits it. */
  emittedBy: string;
  /** `$id` of the schema of `involved.<subject>` (the record after the change, as it is read). */
  record: string;
  /** The scope that reads the records of a subject that is no kind of the engine (assets): its activity needs it too. */
  readScope?: string;
}

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

/** Sorted by subject, fact, then emitter: the order of the catalogue and of the OpenAPI `webhooks`. */
export function sortedEvents(events: EventDeclaration[]): EventDeclaration[] {
  return [...events].sort(
    (a, b) =>
      a.subject.localeCompare(b.subject) || a.fact.localeCompare(b.fact) || a.emittedBy.localeCompare(b.emittedBy),
  );
}
