import { extname } from 'node:path';

/** File names as stored: no directories, no control characters, at most 255 characters; never empty. */
export function cleanFilename(raw: string | undefined, fallback = 'file'): string {
  const base =
    wellFormed(raw ?? '')
      .split(/[\\/]/)
      .pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+$/, '');
  if (!cleaned) return fallback;
  const characters = Array.from(cleaned);
  if (characters.length <= 255) return cleaned;
  const extension = Array.from(extname(cleaned)).slice(0, 16).join('');
  return characters.slice(0, 255 - Array.from(extension).length).join('') + extension;
}

/** Unpaired UTF-16 surrogates (which PostgreSQL cannot store) become U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** The last path segment of a URL, decoded, as a file name. */
export function filenameFromUrl(url: URL): string | undefined {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** RFC 6838 §4.2: type and subtype names are at most 127 characters, so a stored content type stays short. */
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]{1,127}";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

const BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.eml': 'message/rfc822',
};

/**
 * The content type an asset is served with: the declared one when it is a well-formed media type (its `charset`
 * kept for text), else one guessed from the file name's extension, else `application/octet-stream`.
 */
export function contentTypeOf(declared: string | undefined, filename: string): string {
  const [essence = '', ...params] = (declared ?? '').split(';').map((p) => p.trim());
  const type = essence.toLowerCase();
  if (MEDIA_TYPE.test(type) && type !== 'application/octet-stream') {
    const charset = params.map((p) => /^charset\s*=\s*"?([a-z0-9._-]{1,40})"?$/i.exec(p)?.[1]).find(Boolean);
    return charset && type.startsWith('text/') ? `${type}; charset=${charset.toLowerCase()}` : type;
  }
  return BY_EXTENSION[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * `Content-Disposition: inline` with the file name in both forms of RFC 6266: a quoted ASCII fallback (quotes,
 * backslashes and anything outside printable ASCII replaced) and the exact name in RFC 8187 `filename*`. Nothing
 * from the name can end the header or add a parameter.
 */
export function contentDisposition(filename: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
