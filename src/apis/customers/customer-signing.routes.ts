import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { principalOf } from '../../platform/auth/authenticate.js';
import type { Principal } from '../../platform/auth/principal.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { IdParamsSchema } from '../../platform/registry/resource-schemas.js';
import { customerResource } from './customer.resource.js';
import type { CustomerService } from './customer.service.js';
import type { CustomerSigningService, VerifiedData } from './customer-signing.service.js';
import { SignedResponseSchema, SignQuerySchema, VerifyBodySchema } from './customer-signing.schema.js';
import { safeContentType } from './signed-content.js';

const TAG = customerResource.tag;

const CustomerQuery = Type.Object({ customerId: Type.Optional(Type.String({ description: "default the token's customer (required for the operator)" })) }, { additionalProperties: false });
const CustomerIdParams = Type.Object({ customerId: Type.String({ description: 'customer id' }) });
const verifiedResponse = {
  description: 'the original data, with the content type it was signed with',
  content: { 'application/json': { schema: {} }, '*/*': { schema: { type: 'string', format: 'binary' } } },
};

/** JWT variants: the token's customer, or `customerId` (the operator, who has no customer of its own, must give it). */
function customerOf(principal: Principal, requested: string | undefined): string {
  const id = requested?.trim() || principal.customerId;
  if (!id) throw new ValidationError('querystring.customerId is required: this token has no customer of its own');
  return id;
}

function sendVerified(reply: FastifyReply, verified: VerifiedData) {
  return reply.type(safeContentType(verified.contentType)).send(verified.payload);
}

/**
 * sign takes the raw body of any content type: its routes live in their own plugin, the only place with a catch-all
 * parser (the body as a Buffer), so every other route still answers 415 to anything but JSON. verify takes JSON.
 */
export function registerSigningRoutes(app: FastifyInstance, deps: SigningDeps) {
  for (const schema of [SignedResponseSchema, VerifyBodySchema]) app.addSchema(schema);
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerSignRoutes(raw, deps);
  });
  registerVerifyRoutes(app, deps);
}

interface SigningDeps {
  customers: CustomerService;
  signing: CustomerSigningService;
}

/** Only inside the plugin whose parser yields the raw body. */
function registerSignRoutes(raw: FastifyInstance, { customers, signing }: SigningDeps) {
  const sign = async (request: FastifyRequest, reply: FastifyReply, requested: string | undefined) => {
    const principal = principalOf(request);
    const customerId = customerOf(principal, requested);
    await customers.visible(principal, customerId);
    const { max, persist } = request.query as Static<typeof SignQuerySchema>;
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signed = await signing.sign(customerId, body, request.headers['content-type'], { max, persist });
    return reply.code(201).send(signed);
  };
  const signSchema = (operationId: string, summary: string) => ({
    operationId,
    tags: [TAG],
    summary,
    consumes: ['*/*'],
    body: { description: 'the raw data to sign, of any content type' },
    response: { 201: { $ref: 'SignedResponse#' }, ...errorResponses('simple', [400, 401, 403, 404, 413, 500]) },
  });

  raw.post('/customers/sign', {
    config: { scope: 'customers:write' },
    schema: { ...signSchema('signDataWithJwt', "Sign the raw body as the token's customer (or querystring customerId)"), querystring: SignQuerySchema },
    handler: (request, reply) => sign(request, reply, (request.query as { customerId?: string }).customerId),
  });

  raw.post('/customers/:customerId/sign', {
    config: { scope: 'customers:write' },
    schema: { ...signSchema('signData', "Sign the raw body with the customer's key"), params: CustomerIdParams, querystring: Type.Omit(SignQuerySchema, ['customerId']) },
    handler: (request, reply) => sign(request, reply, (request.params as { customerId: string }).customerId),
  });
}

function registerVerifyRoutes(app: FastifyInstance, { customers, signing }: SigningDeps) {
  app.post('/customers/verify', {
    config: { scope: 'customers:read' },
    schema: {
      operationId: 'verifySignedDataWithJwt',
      tags: [TAG],
      summary: "Verify data signed by the token's customer (or querystring customerId); answers the original data",
      querystring: CustomerQuery,
      body: { $ref: 'VerifyRequest#' },
      response: { 200: verifiedResponse, ...errorResponses('simple', [400, 401, 403, 404, 500]) },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const customerId = customerOf(principal, (request.query as { customerId?: string }).customerId);
      await customers.visible(principal, customerId);
      return sendVerified(reply, await signing.verify(customerId, (request.body as Static<typeof VerifyBodySchema>).signedData));
    },
  });

  app.post('/customers/:id/verify', {
    config: { scope: 'customers:read' },
    schema: {
      operationId: 'verifySignedData',
      tags: [TAG],
      summary: "Verify data signed with the customer's key; answers the original data",
      params: IdParamsSchema,
      body: { $ref: 'VerifyRequest#' },
      response: { 200: verifiedResponse, ...errorResponses('simple', [400, 401, 403, 404, 500]) },
    },
    handler: async (request, reply) => {
      const customerId = (request.params as { id: string }).id;
      await customers.visible(principalOf(request), customerId);
      return sendVerified(reply, await signing.verify(customerId, (request.body as Static<typeof VerifyBodySchema>).signedData));
    },
  });
}
