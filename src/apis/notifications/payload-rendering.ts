import type { PlatformEvent } from '../../platform/events/outbox.js';
import type { TenantKey } from '../../platform/jobs/fair-share.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../platform/resource/declare.js';
import { liquidProblem } from './liquid-templates.js';
import type { NotificationDefinition } from './notification-definition.schema.js';
import { notificationSandbox } from './notification-sandbox.js';
import type { RenderedPayload } from './webhook-message.schema.js';

const RENDERED_LIMITS = { subject: TEXT_MAX_LENGTH, content: LONG_TEXT_MAX_LENGTH };

export type { RenderedPayload };

/**
 * `notificationPayload` with `subject` and `content` rendered over `{event}` (docs/product-decisions.md §6), as work of
 * `owner` (the notification's). Throws on a broken template.
 */
export async function renderPayload(
  definition: Pick<NotificationDefinition, 'notificationPayload'>,
  event: PlatformEvent,
  owner: TenantKey,
): Promise<RenderedPayload> {
  const { subject, content, type } = definition.notificationPayload;
  const render = async (template: string | undefined, field: 'subject' | 'content') => {
    if (template === undefined) return undefined;
    let text: string;
    try {
      text = await notificationSandbox().run(owner, 'renderTemplate', { template, event });
    } catch (error) {
      throw new Error(`notificationPayload.${field} could not be rendered: ${liquidProblem(error)}`);
    }
    // What is rendered is stored on the record (mailSubject, mailBody): it keeps the limits of those fields.
    if (text.length > RENDERED_LIMITS[field])
      throw new Error(`notificationPayload.${field} renders to more than ${RENDERED_LIMITS[field]} characters`);
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
