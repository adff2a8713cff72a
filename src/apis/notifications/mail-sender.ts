import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import type { AssetService } from '../assets/asset.service.js';
import { stage } from '../assets/asset-staging.js';

export interface MailMessage {
  /** The notification id: the Message-ID's local part, the same on every try. */
  notificationId: string;
  to: string[];
  subject: string;
  /** The plain text part (absent: an html-only message). */
  text?: string;
  /** The html part, from an HTML e-mail template. */
  html?: string;
}

export interface SentMail {
  /** The asset holding the message as sent (message/rfc822); undefined when the copy could not be kept. */
  storageId: string | undefined;
  /** Why the sent message's copy could not be kept (the mail itself went out). */
  storageError?: unknown;
}

export interface MailSender {
  /** `ownerId`: the customer the stored copy belongs to (null: the operator). */
  send(message: MailMessage, ownerId: string | null): Promise<SentMail>;
}

/** Largest message kept (the payload's content is at most 500,000 characters). */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface SmtpMailSettings {
  /** smtp:// or smtps:// URL; undefined: messages are written to `spoolDir` instead of sent. */
  smtpUrl: string | undefined;
  from: string;
  spoolDir: string;
  stagingDir: string;
  /** Host of the Message-ID (the platform's public host). */
  messageIdHost: string;
}

/**
 * E-mails with nodemailer: the message is composed once, sent over SMTP (or written to the spool directory when no
 * SMTP server is configured), then kept as an asset whose id becomes `mailStorageId`. Kept only once sent: a refused
 * message leaves no asset behind, and `mailStorageId` always names a message that went out.
 */
export class SmtpMailSender implements MailSender {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  private readonly smtp;

  constructor(
    private readonly settings: SmtpMailSettings,
    private readonly assets: AssetService,
  ) {
    this.smtp = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : undefined;
  }

  async send(message: MailMessage, ownerId: string | null): Promise<SentMail> {
    const owner = ownerId ? { ...SYSTEM_PRINCIPAL, isOperator: false, customerId: ownerId } : SYSTEM_PRINCIPAL;
    const composed = await this.composer.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      ...(message.text === undefined ? {} : { text: message.text }),
      ...(message.html === undefined ? {} : { html: message.html }),
      messageId: `<${message.notificationId}@${this.settings.messageIdHost}>`,
    });
    const raw = composed.message as Buffer;
    if (this.smtp) {
      await this.smtp.sendMail({ envelope: { from: this.settings.from, to: message.to }, raw });
    } else {
      await mkdir(this.settings.spoolDir, { recursive: true });
      await writeFile(join(this.settings.spoolDir, `${message.notificationId}.eml`), raw);
    }
    // The mail is out: failing to keep its copy must not fail the try (a retry would send it twice).
    try {
      const staged = await stage(Readable.from([raw]), this.settings.stagingDir, MAX_MESSAGE_BYTES);
      // A private asset: the copy is personal data, downloaded with the owner's or the operator's token only.
      const stored = await this.assets.keep(
        owner,
        { staged, filename: `notification-${message.notificationId}.eml`, contentType: 'message/rfc822' },
        { private: true },
      );
      return { storageId: stored.id };
    } catch (error) {
      return { storageId: undefined, storageError: error };
    }
  }

  close(): void {
    this.composer.close();
    this.smtp?.close();
  }
}
