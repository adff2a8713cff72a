import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PAGE_POLICY } from '../../../src/platform/http/reference-page-policy.js';
import { useApp } from '../../support/fixture.js';

/**
 * The API reference (/docs, Swagger UI) shares the console's origin: it carries a Content-Security-Policy without
 * inline script, and may never be framed. Whether the UI still works under it is test/browser/reference-ui.test.ts.
 */
const { t } = await useApp();

const STATIC = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');

const DOCS_PATHS = [
  '/docs',
  '/docs/',
  '/docs/static/index.html',
  '/docs/static/swagger-ui.css',
  '/docs/static/index.css',
  '/docs/static/swagger-ui-bundle.js',
  '/docs/static/swagger-initializer.js',
  '/docs/json',
];

describe('GET /docs and its files', () => {
  it.each(DOCS_PATHS)('%s: CSP without inline script or framing, X-Frame-Options DENY', async (path) => {
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode, path).toBeLessThan(400);
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/docs', '/docs/'])('%s: a page with no inline script, style element or style attribute', async (path) => {
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/<style\b|\sstyle="/);
  });

  it('allows by hash exactly the style elements Swagger UI renders', () => {
    const sources = ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'].map((file) =>
      readFileSync(join(STATIC, file), 'utf8'),
    );
    const styles = sources.flatMap((source) =>
      [...source.matchAll(/createElement\("style",null,"((?:[^"\\]|\\.)*)"\)/g)].map(
        (match) => JSON.parse(`"${match[1]}"`) as string,
      ),
    );
    expect(styles.length).toBeGreaterThan(0);
    const hashes = styles.map((style) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    const styleSrc = REFERENCE_PAGE_POLICY.find((directive) => directive.startsWith('style-src '))!.split(' ');
    expect(styleSrc.filter((value) => value.startsWith("'sha256-"))).toEqual(hashes);
  });
});
