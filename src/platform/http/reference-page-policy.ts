/**
 * The one inline style the reference renders: the `<style>` element of the Swagger logo in its top bar
 * (`swagger-ui-standalone-preset.js`: `.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}`).
 * Allowed by its hash rather than by `'unsafe-inline'`; test/platform/http/reference-page-headers.test.ts recomputes
 * it from the installed files, so an upgrade of @fastify/swagger-ui that changes it fails there.
 */
export const SWAGGER_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The reference's Content-Security-Policy (without what every page gets, page-security.ts). @fastify/swagger-ui's page
 * loads everything from its own files — its initializer too is a file (`/docs/static/swagger-initializer.js`), not an
 * inline script — so scripts need no nonce nor hash: scripts and style sheets from this origin, the icons its CSS
 * embeds as `data:` images, and "Try it out" calls to this origin (the document's server is `/`).
 * The plugin's own `staticCSP` is not used: it allows framing by this origin, styles and fonts from any https host,
 * and upgrades requests to https, which breaks a plain-http deployment.
 */
export const REFERENCE_PAGE_POLICY: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${SWAGGER_LOGO_STYLE_HASH}`,
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
];
