import type { PlatformEvent } from '../../platform/events/outbox.js';
import { LONG_TEXT_MAX_LENGTH } from '../../platform/resource/declare.js';
import type { OwnedDoc } from './dispatch.repository.js';
import { EmailTemplateError, type EmailTemplateSource } from './email-templates.js';
import { liquidProblem } from './liquid-templates.js';
import type { MailMessage } from './mail-sender.js';
import type { NotificationReceiver } from './notification-receiver.schema.js';
import { notificationSandbox } from './notification-sandbox.js';
import type { RenderedPayload } from './payload-rendering.js';

export interface MailBody {
  parts: Pick<MailMessage, 'text' | 'html'>;
  /** What `mailBody` records on the notification. */
  kept: string;
}

/**
 * The mail's parts: the rendered payload content as text, or, for a receiver with `useEmailTemplate`, its named
 * template rendered over the same variables (an HTML template is the html part, the payload content its text
 * alternative). Throws EmailTemplateError when the template is missing, unreadable or does not render.
 */
export async function mailBodyOf(
  templates: EmailTemplateSource,
  receiver: OwnedDoc,
  payload: RenderedPayload,
  event: PlatformEvent,
): Promise<MailBody> {
  const doc = receiver.doc as NotificationReceiver;
  if (!doc.useEmailTemplate) return { parts: { text: payload.content ?? '' }, kept: payload.content ?? '' };
  if (!doc.emailTemplateName)
    throw new EmailTemplateError(
      `notification receiver ${receiver.id} asks for an e-mail template (useEmailTemplate) without naming one (emailTemplateName)`,
    );
  const template = await templates.find(receiver.customer_id, doc.emailTemplateName, doc.locale);
  const what = `e-mail template asset ${template.assetId} (${JSON.stringify(template.filename)})`;
  let rendered: string;
  try {
    rendered = await notificationSandbox().run(receiver.customer_id, 'renderTemplate', {
      template: template.source,
      event,
      kind: template.html ? 'html' : 'text',
    });
  } catch (error) {
    throw new EmailTemplateError(`${what} could not be rendered: ${liquidProblem(error)}`);
  }
  // The rendering is kept on the record as `mailBody`: it keeps that field's limit.
  if (rendered.length > LONG_TEXT_MAX_LENGTH)
    throw new EmailTemplateError(`${what} renders to more than ${LONG_TEXT_MAX_LENGTH} characters`);
  if (!template.html) return { parts: { text: rendered }, kept: rendered };
  return {
    parts: { html: rendered, ...(payload.content === undefined ? {} : { text: payload.content }) },
    kept: rendered,
  };
}
