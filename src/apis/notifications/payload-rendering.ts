import { Liquid } from 'liquidjs';
import type { PlatformEvent } from '../../platform/events/outbox.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../platform/registry/schema-types.js';
import type { NotificationDefinition } from './notification-definition.schema.js';

/**
 * Liquid for notification subjects and contents: an unknown filter is an error (not silently ignored), there is no
 * file system (`templates: {}` makes every include or render tag fail), only own properties are visible, and the
 * render is bounded in time and memory so a hostile template cannot hold a worker.
 */
const liquid = new Liquid({ strictFilters: true, ownPropertyOnly: true, templates: {}, renderLimit: 1_000, memoryLimit: 10_000_000, parseLimit: 1_000_000 });

const RENDERED_LIMITS = { subject: TEXT_MAX_LENGTH, content: LONG_TEXT_MAX_LENGTH };

export interface RenderedPayload {
  subject?: string;
  content?: string;
  type?: string;
}

/** The first line of a Liquid error, short enough for a record's error entry. */
export function liquidProblem(error: unknown): string {
  return (error as Error).message.split('\n')[0]!.slice(0, 300);
}

/**
 * `template` rendered over `{event}`, the variables every notification template sees (payload and e-mail templates
 * alike), with the strict settings above. Throws the Liquid error on a broken template.
 */
export function renderTemplate(template: string, event: PlatformEvent): Promise<string> {
  return liquid.parseAndRender(template, { event }) as Promise<string>;
}

/** `notificationPayload` with `subject` and `content` rendered over `{event}` (DECISIONS §6). Throws on a broken template. */
export async function renderPayload(definition: Pick<NotificationDefinition, 'notificationPayload'>, event: PlatformEvent): Promise<RenderedPayload> {
  const { subject, content, type } = definition.notificationPayload;
  const render = async (template: string | undefined, field: 'subject' | 'content') => {
    if (template === undefined) return undefined;
    let text: string;
    try {
      text = await renderTemplate(template, event);
    } catch (error) {
      throw new Error(`notificationPayload.${field} could not be rendered: ${liquidProblem(error)}`);
    }
    // What is rendered is stored on the record (mailSubject, mailBody): it keeps the limits of those fields.
    if (text.length > RENDERED_LIMITS[field]) throw new Error(`notificationPayload.${field} renders to more than ${RENDERED_LIMITS[field]} characters`);
    return text;
  };
  const rendered: RenderedPayload = {};
  const renderedSubject = await render(subject, 'subject');
  const renderedContent = await render(content, 'content');
  if (renderedSubject !== undefined) rendered.subject = renderedSubject;
  if (renderedContent !== undefined) rendered.content = renderedContent;
  if (type !== undefined) rendered.type = type;
  return rendered;
}

/** Why `template` cannot be a notification template (it does not parse, or uses an unknown filter), or undefined. */
export function templateProblem(template: string): string | undefined {
  try {
    liquid.parse(template);
    return undefined;
  } catch (error) {
    return `is not a valid Liquid template (${(error as Error).message.split('\n')[0]!.slice(0, 200)})`;
  }
}
