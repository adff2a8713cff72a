import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { principalOf } from '../../platform/auth/authenticate.js';
import type { Principal } from '../../platform/auth/principal.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { LookupId, Ref } from '../../platform/resource/declare.js';
import { CUSTOMERS_TAG as TAG } from './customer.kind.js';
import { customerOf } from './customer-actions.js';
import { SignedResponseSchema, SignQuerySchema } from './customer-signing.schema.js';
import type { CustomerSigningService } from './customer-signing.service.js';

const CustomerIdParams = Type.Object({ customerId: LookupId({ description: 'customer id' }) });

/**
 * sign takes the raw body of any content type: its routes live in their own plugin, the only place with a catch-all
 * parser (the body as a Buffer), so every other route still answers 415 to anything but JSON. They stay routes, not
 * declared actions, for that parser.
 */
export function registerSigningRoutes(app: FastifyInstance, deps: SigningDeps) {
  app.addSchema(SignedResponseSchema);
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerSignRoutes(raw, deps);
  });
}

interface SigningDeps {
  /** The visible customer, or 404 (signing for a customer needs to see it). */
  visible(principal: Principal, customerId: string): Promise<unknown>;
  signing: CustomerSigningService;
}

/** Only inside the plugin whose parser yields the raw body. */
function registerSignRoutes(untyped: FastifyInstance, { visible, signing }: SigningDeps) {
  const raw = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const sign = async (
    request: FastifyRequest,
    reply: FastifyReply,
    requested: string | undefined,
    { max, persist }: Static<typeof SignQuerySchema>,
  ) => {
    const principal = principalOf(request);
    const customerId = customerOf(principal, requested);
    await visible(principal, customerId);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signed = await signing.sign(customerId, body, request.headers['content-type'], { max, persist });
    return reply.code(201).send(signed);
  };
  const signSchema = (operationId: string, summary: string) => ({
    operationId,
    tags: [TAG],
    summary,
    description:
      "The body, of any content type, becomes the payload of a compact JWS signed with the customer's Ed25519 key (`cty` = its content type). `persist=true`, or a signature longer than `max`, keeps it and returns its `signatureId`.",
    consumes: ['*/*'],
    body: { description: 'the raw data to sign, of any content type' },
    response: { 201: Ref(SignedResponseSchema), ...errorResponses('simple', [404]) },
  });

  raw.post('/customers/sign', {
    config: { scope: 'customers:write' },
    schema: {
      ...signSchema('signDataWithJwt', "Sign the raw body as the token's customer (or querystring customerId)"),
      querystring: SignQuerySchema,
    },
    handler: (request, reply) => sign(request, reply, request.query.customerId, request.query),
  });

  raw.post('/customers/:customerId/sign', {
    config: { scope: 'customers:write' },
    schema: {
      ...signSchema('signData', "Sign the raw body with the customer's key"),
      params: CustomerIdParams,
      querystring: Type.Omit(SignQuerySchema, ['customerId'], { additionalProperties: false }),
    },
    handler: (request, reply) => sign(request, reply, request.params.customerId, request.query),
  });
}
