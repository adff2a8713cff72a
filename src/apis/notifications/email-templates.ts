import { extname } from 'node:path';
import type { Queryable } from '../../platform/db/database.js';
import { findNewestNamed } from '../assets/asset.repository.js';
import type { AssetService } from '../assets/asset.service.js';

/** Largest template read (a rendered e-mail body is kept on the record, at most 500,000 characters). */
export const MAX_TEMPLATE_BYTES = 1024 * 1024;

/** A locale usable in a file name: letters, digits, `-` and `_` (`de`, `de-CH`, `pt_BR`); anything else is ignored. */
const LOCALE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** An e-mail template as stored: the asset it came from and its Liquid source. */
export interface EmailTemplate {
  assetId: string;
  filename: string;
  /** The asset's content type is text/html: the rendering is the message's html part. */
  html: boolean;
  source: string;
}

/** Why a receiver's template cannot be had (missing, unreadable): recorded on the notification as the try's error. */
export class EmailTemplateError extends Error {}

export interface EmailTemplateSource {
  /** The template `name` for the receiver's owner (`ownerId` null: the operator) in `locale`; throws EmailTemplateError. */
  find(ownerId: string | null, name: string, locale: string | undefined): Promise<EmailTemplate>;
}

/**
 * The file names tried for `name` in `locale`, best first: the full locale before the extension, then its language,
 * then the plain name (`order.html`, `de-CH`: `order.de-CH.html`, `order.de.html`, `order.html`).
 */
export function templateFilenames(name: string, locale: string | undefined): string[] {
  if (!locale || !LOCALE.test(locale)) return [name];
  const extension = extname(name);
  const base = name.slice(0, name.length - extension.length);
  const language = locale.split(/[-_]/)[0]!;
  const variants = [...new Set([locale, language])].map((variant) => `${base}.${variant}${extension}`);
  return [...variants, name];
}

async function readAtMost(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Templates are assets uploaded through the Asset API whose file name is the receiver's `emailTemplateName` (or a
 * locale variant of it): the receiver owner's own first, then the operator's; among several, the newest upload.
 */
export class AssetEmailTemplates implements EmailTemplateSource {
  constructor(
    private readonly db: Queryable,
    private readonly assets: AssetService,
  ) {}

  async find(ownerId: string | null, name: string, locale: string | undefined): Promise<EmailTemplate> {
    const filenames = templateFilenames(name, locale);
    const asset = await findNewestNamed(this.db, ownerId, filenames);
    if (!asset) {
      const owners = ownerId ? `customer ${ownerId} or the operator` : 'the operator';
      throw new EmailTemplateError(
        `e-mail template ${JSON.stringify(name)} not found: no asset named ${filenames.map((f) => JSON.stringify(f)).join(', ')} owned by ${owners}`,
      );
    }
    const what = `e-mail template asset ${asset.id} (${JSON.stringify(asset.filename)})`;
    if (asset.size > MAX_TEMPLATE_BYTES)
      throw new EmailTemplateError(`${what} is larger than ${MAX_TEMPLATE_BYTES} bytes`);
    let bytes: Buffer | undefined;
    try {
      bytes = await readAtMost((await this.assets.content(asset)).stream, MAX_TEMPLATE_BYTES);
    } catch {
      throw new EmailTemplateError(`${what} could not be read from the asset store`);
    }
    if (!bytes) throw new EmailTemplateError(`${what} is larger than ${MAX_TEMPLATE_BYTES} bytes`);
    let source: string;
    try {
      source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new EmailTemplateError(`${what} is not UTF-8 text`);
    }
    const html = asset.contentType.split(';')[0]!.trim().toLowerCase() === 'text/html';
    return { assetId: asset.id, filename: asset.filename, html, source };
  }
}
