import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Liquid } from 'liquidjs';

/** Every output escaped: a realm, user name or message shows as text, never as markup. */
const pages = new Liquid({ outputEscape: 'escape', strictVariables: true, strictFilters: true });

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(22rem, calc(100vw - 2rem)); padding: 2rem; border: 1px solid GrayText; border-radius: .75rem; }
  h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
  p { margin: 0 0 1rem; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: .6rem; font: inherit; border: 1px solid GrayText; border-radius: .4rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; font: inherit; font-weight: 600; color: #fff; background: #1864ab; border: 0; border-radius: .4rem; cursor: pointer; }
  [role=alert] { padding: .75rem; border-radius: .4rem; background: #fff0f0; color: #8a1c1c; }`;

const LAYOUT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{{ title }}</title>
<style nonce="{{ nonce }}">{{ style | raw }}</style>
</head>
<body><main>{{ content | raw }}</main></body>
</html>`;

// An empty string is true in Liquid: the tests are against blank, so a first page has no empty alert.
const SIGN_IN = `<h1>Sign in</h1>
<p>to <strong>{{ realm }}</strong> for {{ client }}</p>
{% if error != blank %}<p role="alert" id="error">{{ error }}</p>{% endif %}
<form method="post" action="authorize"{% if error != blank %} aria-describedby="error"{% endif %}>
<input type="hidden" name="request" value="{{ request }}">
<input type="hidden" name="csrf" value="{{ csrf }}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required maxlength="255" value="{{ username }}"{% if username == blank %} autofocus{% endif %}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"{% if username != blank %} autofocus{% endif %}>
<button type="submit">Sign in</button>
</form>`;

const MESSAGE = `<h1>{{ heading }}</h1>
<p{% if alert %} role="alert"{% endif %}>{{ message }}</p>`;

/**
 * The page's own style by nonce, nothing else: no script, no frame around it (clickjacking), a form that posts
 * here and is then redirected to the client (`form-action` also governs that redirect in Chromium).
 */
function securityHeaders(reply: FastifyReply, nonce: string, formTargets: string[]): void {
  reply.header(
    'content-security-policy',
    [
      `default-src 'none'`,
      `style-src 'nonce-${nonce}'`,
      `form-action 'self' ${formTargets.join(' ')}`.trim(),
      `frame-ancestors 'none'`,
      `base-uri 'none'`,
    ].join('; '),
  );
  reply.header('x-frame-options', 'DENY');
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.type('text/html; charset=utf-8');
}

async function page(reply: FastifyReply, title: string, content: string, formTargets: string[] = []): Promise<string> {
  const nonce = randomBytes(16).toString('base64');
  securityHeaders(reply, nonce, formTargets);
  return pages.parseAndRender(LAYOUT, { title, nonce, style: STYLE, content });
}

export interface SignInForm {
  realm: string;
  client: string;
  request: string;
  csrf: string;
  username?: string;
  error?: string;
  /** Where the browser goes after signing in (its origin joins `form-action`). */
  redirectUri: string;
}

export async function signInPage(reply: FastifyReply, form: SignInForm): Promise<string> {
  const content = await pages.parseAndRender(SIGN_IN, { username: '', error: '', ...form });
  return page(reply, `Sign in · ${form.realm}`, content, [new URL(form.redirectUri).origin]);
}

/** A page that only says something: a link that cannot be used, a sign-out done. */
export async function messagePage(
  reply: FastifyReply,
  heading: string,
  message: string,
  alert = false,
): Promise<string> {
  return page(reply, heading, await pages.parseAndRender(MESSAGE, { heading, message, alert }));
}
