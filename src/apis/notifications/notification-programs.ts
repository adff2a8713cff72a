import type { PlatformEvent } from '../../platform/events/outbox.js';
import { type MatchedDefinition, matchEvent } from './event-matching.js';
import { renderTemplate, type TemplateKind, templateProblem } from './liquid-templates.js';

/**
 * The programs of notification definitions that run in the program sandbox's worker thread (program-sandbox.ts):
 * JSONPath selections over events and Liquid templates. Users write them, so however long one runs, the event loop
 * serving requests never waits for it.
 */
export const notificationPrograms = {
  matchEvent: ({
    definition,
    event,
    explain,
  }: {
    definition: MatchedDefinition;
    event: PlatformEvent;
    explain?: boolean;
  }) => matchEvent(definition, event, explain),
  renderTemplate: ({ template, event, kind }: { template: string; event: PlatformEvent; kind?: TemplateKind }) =>
    renderTemplate(template, event, kind),
  templateProblem: ({ template }: { template: string }) => templateProblem(template),
};
