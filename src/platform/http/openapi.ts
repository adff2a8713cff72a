import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { finishDocument } from './openapi-document.js';
import { describeOperation } from './operation-descriptions.js';
import { setPageSecurityHeaders } from './page-security.js';
import { REFERENCE_PAGE_POLICY } from './reference-page-policy.js';
import { registerResponseDeclarations } from './response-declarations.js';

const TITLE = 'Commerce Platform API';

const DESCRIPTION = `Back office of an e-commerce platform.

**Authentication.** Get an access token from \`POST /iam/tokens\` (e.g. \`{"realmName": "operator", "grantType":
"client_credentials", "clientSecret": "…"}\`) and send it as \`Authorization: Bearer <token>\`. Each operation names the
scope it needs; a missing or invalid token answers 401, a missing scope 403.

**Tenants.** A customer's token sees its own records and those of its \`authorizedCustomers\`; another tenant's record
answers 404. The operator's token acts across tenants.

**Records.** \`id\`, \`createDate\`, \`updateDate\` and \`dbVersion\` are set by the server. Reads answer \`ETag:
"<dbVersion>"\` (304 to a matching \`If-None-Match\`); an update carrying a stale \`dbVersion\` or \`If-Match\` answers 412.

**Errors.** \`{error, message, path, status, timestamp}\` (the catalogue and notification APIs add \`details\`); the
\`message\` names the field and the rule. Every answer carries \`X-Request-Id\`, as logged.`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An OAuth endpoint whose client authenticates by HTTP Basic (or, not expressible here, in the body). */
    clientAuth?: boolean;
  }
}

/** What the APIs add to the document besides their routes. */
export interface OpenApiAdditions {
  /** Sources of `webhooks` entries, read when the document is built. */
  webhooks: (() => Record<string, object>)[];
}

/** OpenAPI 3.1 generated from the route schemas; shared schemas become named components. */
export async function registerOpenApi(app: FastifyInstance): Promise<OpenApiAdditions> {
  const additions: OpenApiAdditions = { webhooks: [] };
  // Before any route: each route's declared responses are completed with what the platform answers for it.
  registerResponseDeclarations(app);
  // The documented security follows what each route declares to the auth hook, so the two cannot disagree;
  // no route writes `security` itself. The description adds the facts its declarations imply.
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (!route.schema || (route.schema as { hide?: boolean }).hide) return;
    const security = config.clientAuth
      ? [{ basicAuth: [] }, {}]
      : config.public
        ? []
        : [{ bearerAuth: config.scope ? [config.scope] : [] }];
    route.schema = { ...route.schema, security, description: describeOperation(route) } as typeof route.schema;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: TITLE,
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: "Try it out" and generated clients call whichever host served the document.
      servers: [{ url: '/', description: 'the host serving this document' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from POST /iam/tokens',
          },
          basicAuth: {
            type: 'http',
            scheme: 'basic',
            description:
              'OAuth client: client id (the realm name) and client secret; client_id and client_secret in the body work too',
          },
        },
      },
    },
    transformObject: (documents) => {
      const generated = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      const webhooks = Object.assign({}, ...additions.webhooks.map((source) => source()));
      return finishDocument({ ...generated, ...(Object.keys(webhooks).length > 0 ? { webhooks } : {}) });
    },
    refResolver: {
      // Components are named by the schema's $id (`TermsItem`), not `def-0`.
      buildLocalReference: (json, _baseUri, _fragment, i) => String((json as { $id?: string }).$id ?? `def-${i}`),
    },
  });
  return additions;
}

/** The interactive reference at /docs; its routes are public, its page and files never framed (page-security.ts). */
export async function registerDocsUi(app: FastifyInstance) {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    docs.addHook('onSend', async (_request, reply) => {
      setPageSecurityHeaders(reply, REFERENCE_PAGE_POLICY);
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { deepLinking: true },
      theme: { title: `${TITLE} reference` },
    });
  });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
