import type { FastifyReply } from 'fastify';

/**
 * What every page of the service's own origin (the console, the API reference) refuses whatever else its policy
 * allows: plugins, a `<base>` pointing elsewhere, forms posting elsewhere, and being framed by another page
 * (clickjacking: the console and the reference act with the signed-in user's token).
 */
const ALWAYS = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"];

/**
 * Sets a page's Content-Security-Policy (its `directives`, then `ALWAYS`) and the headers that go with it:
 * `X-Frame-Options: DENY` for browsers that predate `frame-ancestors`, no MIME sniffing, no Referer to other sites.
 */
export function setPageSecurityHeaders(reply: FastifyReply, directives: readonly string[]): FastifyReply {
  return reply
    .header('content-security-policy', [...directives, ...ALWAYS].join('; '))
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
}
