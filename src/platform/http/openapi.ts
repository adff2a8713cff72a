import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI 3.1 generated from the route schemas; shared schemas become named components. */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string) {
  // The documented security follows what each route declares to the auth hook, so the two cannot disagree;
  // no route writes `security` itself.
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (!route.schema || (route.schema as { hide?: boolean }).hide) return;
    const security = config.public ? [] : [{ bearerAuth: config.scope ? [config.scope] : [] }];
    route.schema = { ...route.schema, security } as typeof route.schema;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Commerce Platform API',
        version: '1.0.0',
        description: 'Back office of an e-commerce platform: tokens, assets, terms, recommendations, catalogue, notifications, subscriptions and customers.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from POST /iam/tokens' },
        },
      },
    },
    refResolver: {
      // Components are named by the schema's $id (`TermsItem`), not `def-0`.
      buildLocalReference: (json, _baseUri, _fragment, i) => String((json as { $id?: string }).$id ?? `def-${i}`),
    },
  });
}

/** The interactive reference at /docs; its routes are public. */
export async function registerDocsUi(app: FastifyInstance) {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
  });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
