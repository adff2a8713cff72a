import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { setPageSecurityHeaders } from './page-security.js';

/** Where `npm run console:build` puts the console (`npm start` builds it first when its sources changed). */
export const CONSOLE_DIST = fileURLToPath(new URL('../../../console/dist/', import.meta.url));
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The console's policy: its own scripts only (no inline script, no eval), its styles from its own files or carrying
 * this page's nonce (Mantine's variables), inline style attributes (layout props), calls to this origin only; never
 * in a frame (page-security.ts).
 */
function contentSecurityPolicy(nonce: string): string[] {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
  ];
}

function sendPage(reply: FastifyReply, page: string) {
  const nonce = randomBytes(16).toString('base64');
  return setPageSecurityHeaders(reply, contentSecurityPolicy(nonce))
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
}

/**
 * The console at /console: its hashed assets cached for ever, every other path under it answered with its page (the
 * application routes in the browser). Without a build, /console says how to make one.
 */
export async function registerConsoleSite(app: FastifyInstance, dist = CONSOLE_DIST): Promise<void> {
  const index = join(dist, 'index.html');
  const built = existsSync(index);
  const page = built ? readFileSync(index, 'utf8') : '';
  await app.register(async (site) => {
    // The console's files are public: signing in happens in it.
    site.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    if (built) {
      await site.register(fastifyStatic, {
        root: join(dist, 'assets'),
        prefix: '/console/assets/',
        index: false,
        wildcard: true,
        immutable: true,
        maxAge: '365d',
        schemaHide: true,
      });
    }
    const answer = async (_request: unknown, reply: FastifyReply) =>
      built
        ? sendPage(reply, page)
        : reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('The console is not built: run `npm run console:build` (npm start does it when needed).\n');
    // The service's root leads a person who opened it in a browser to the console.
    site.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console', 302));
    site.get('/console', { schema: { hide: true } }, answer);
    site.get('/console/*', { schema: { hide: true } }, answer);
  });
}
