import { ValidationError } from '../../platform/errors/domain-errors.js';
import { jsonPathProblem } from './json-path.js';
import type { NotificationDefinition } from './notification-definition.schema.js';
import { notificationSandbox } from './notification-sandbox.js';

/**
 * Every JSONPath and template of a definition must parse and keep within its limits: a broken one would otherwise
 * silently match or render nothing. Templates are parsed in the program sandbox (a long one takes a while).
 */
async function checkPrograms(doc: NotificationDefinition): Promise<void> {
  const paths: [string, string][] = [['body.mainIdJsonPath', doc.mainIdJsonPath]];
  (doc.eventMatcher.filters ?? []).forEach((filter, index) =>
    paths.push([`body.eventMatcher.filters[${index}].jsonPath`, filter.jsonPath]),
  );
  for (const [where, expression] of paths) {
    const problem = jsonPathProblem(expression);
    if (problem)
      throw new ValidationError(`${where} ${problem}`, {
        resourceType: 'notification-definition',
        specific: { field: where },
      });
  }
  for (const field of ['subject', 'content'] as const) {
    const template = doc.notificationPayload[field];
    const problem =
      template === undefined
        ? undefined
        : await notificationSandbox().run(doc.customerId, 'templateProblem', { template });
    if (problem)
      throw new ValidationError(`body.notificationPayload.${field} ${problem}`, {
        resourceType: 'notification-definition',
        specific: { field: `body.notificationPayload.${field}` },
      });
  }
}

/** A definition is stored only with programs that parse: checked on every create and replace. */
export async function beforeNotificationDefinitionWrite(doc: NotificationDefinition): Promise<NotificationDefinition> {
  await checkPrograms(doc);
  return doc;
}
