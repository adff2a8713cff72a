import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import {
  createDefinition,
  createReceiver,
  expectSealedAtRest,
  type Json,
  publish,
  unique,
} from './notification-factories.js';
import { makeTlsMaterial } from './tls-material.js';
import { WebhookReceiver } from './webhook-receiver.js';

let operator: string;
let hooks: WebhookReceiver;
const clock = new ManualClock(Date.now());
const tls = makeTlsMaterial();

/** A local RFC 6749 token endpoint: records each request, answers `tok-<n>` valid `expiresIn` seconds (or `status`). */
class TokenEndpoint {
  readonly requests: { authorization?: string; body: string }[] = [];
  status = 200;
  expiresIn = 120;
  private server!: Server;

  static async start(): Promise<TokenEndpoint> {
    const endpoint = new TokenEndpoint();
    endpoint.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        endpoint.requests.push({ authorization: request.headers.authorization, body });
        if (endpoint.status !== 200)
          return response
            .writeHead(endpoint.status, { 'content-type': 'application/json' })
            .end('{"error":"invalid_client"}');
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            access_token: `tok-${endpoint.requests.length}`,
            token_type: 'Bearer',
            expires_in: endpoint.expiresIn,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
    return endpoint;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/token`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let tokens: TokenEndpoint;

const { t } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' }, clock });
beforeEach(async () => {
  operator = (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
    .access_token;
  tokens = await TokenEndpoint.start();
});
afterEach(async () => {
  await tokens.close();
  await hooks?.close();
});

/** A receiver at `url` with `httpClientConfiguration`, for a new definition; `publishOne` sends it one event. */
async function receiving(url: string, httpClientConfiguration: Json) {
  const subject = unique('order');
  const definition = await createDefinition(t, operator, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
  });
  const receiver = await createReceiver(t, operator, {
    url,
    notificationDefinitionIds: [definition.id],
    httpClientConfiguration,
  });
  const publishOne = async () => {
    await publish(t, operator, { fact: 'paid', subject, involved: { order: { id: unique('o') } } });
    await dispatchAll(t);
  };
  return { definition, receiver, publishOne };
}

const oauth = () => ({
  clientCredentialOauth2Config: {
    clientId: 'hooks client',
    clientSecret: 's3cret:x',
    oauth2Type: 'CLIENT_CREDENTIALS',
    scopes: ['hooks:write', 'extra'],
    tokenUrl: tokens.url,
  },
});

describe('OAuth2 client-credentials tokens', () => {
  it('fetches a token with HTTP Basic client authentication, sends it as the bearer, and reuses it until it nears expiry', async () => {
    hooks = await WebhookReceiver.start();
    const { receiver, publishOne } = await receiving(hooks.url, oauth());
    await expectSealedAtRest(t, receiver.id, ['s3cret:x']);
    const { worker, close } = workerFor(t);
    await publishOne();
    await publishOne();
    await worker.deliverDue();
    expect(tokens.requests).toHaveLength(1);
    expect(tokens.requests[0]!.authorization).toBe(
      `Basic ${Buffer.from('hooks%20client:s3cret%3Ax').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(tokens.requests[0]!.body))).toEqual({
      grant_type: 'client_credentials',
      scope: 'hooks:write extra',
    });
    expect(hooks.received.map((hook) => hook.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
    clock.advance(60_000);
    await publishOne();
    await worker.deliverDue();
    expect(tokens.requests).toHaveLength(1);
    // Within 30 s of its expiry a token is renewed before use.
    clock.advance(31_000);
    await publishOne();
    await worker.deliverDue();
    await close();
    expect(tokens.requests).toHaveLength(2);
    expect(hooks.received.map((hook) => hook.headers.authorization)).toEqual([
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
  });

  it("records a refused token request as the try's error and sends no hook", async () => {
    hooks = await WebhookReceiver.start();
    tokens.status = 401;
    const { definition, publishOne } = await receiving(hooks.url, oauth());
    await publishOne();
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    const [record] = await notificationsOf(t, operator, definition.id);
    expect(record).toMatchObject({ status: 'RETRYING', errors: [{ error: 'the OAuth token endpoint answered 401' }] });
    expect(hooks.received).toEqual([]);
  });

  it('fetches a new token after the receiver answers 401', async () => {
    hooks = await WebhookReceiver.start();
    hooks.answer({ status: 401 });
    const { definition, publishOne } = await receiving(hooks.url, oauth());
    await publishOne();
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    clock.advance(5_000);
    await worker.deliverDue();
    await close();
    expect(hooks.received.map((hook) => hook.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect((await notificationsOf(t, operator, definition.id))[0]).toMatchObject({ status: 'SUCCESS', retryCount: 2 });
  });

  it('applies the outbound address rules to the token call', async () => {
    hooks = await WebhookReceiver.start();
    const { definition, publishOne } = await receiving(hooks.url, oauth());
    await publishOne();
    const hooksPort = new URL(hooks.url).port;
    const { worker, close } = workerFor(t, {}, { allowlist: [`127.0.0.1:${hooksPort}`] });
    await worker.deliverDue();
    await close();
    const [record] = await notificationsOf(t, operator, definition.id);
    expect(record.errors[0].error).toBe(
      'the OAuth token request failed: 127.0.0.1 is a loopback address, not an allowed destination',
    );
    expect(tokens.requests).toEqual([]);
  });
});

describe('TLS client certificates and a custom server CA', () => {
  const server = () =>
    WebhookReceiver.start({
      cert: tls.serverCert,
      key: tls.serverKey,
      ca: tls.caCert,
      requestCert: true,
      rejectUnauthorized: true,
    });

  it('presents the client certificate to a receiver that requires one, trusting the configured CA', async () => {
    hooks = await server();
    const { definition, receiver, publishOne } = await receiving(hooks.url, {
      tlsConfiguration: {
        clientCertificates: tls.clientCert,
        privateKey: tls.clientKey,
        serverCACertificates: tls.caCert,
        tlsAuthMode: 'MUTUAL',
      },
    });
    await expectSealedAtRest(t, receiver.id, [tls.clientKey]);
    await publishOne();
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    expect(hooks.received.map((hook) => hook.clientCertificate)).toEqual(['hooks client']);
    expect((await notificationsOf(t, operator, definition.id))[0]).toMatchObject({ status: 'SUCCESS' });
  });

  it('fails the try without a client certificate, and when the server certificate is not from a trusted CA', async () => {
    hooks = await server();
    const noClientCertificate = await receiving(hooks.url, { tlsConfiguration: { serverCACertificates: tls.caCert } });
    const untrusted = await receiving(hooks.url, {
      tlsConfiguration: { clientCertificates: tls.clientCert, privateKey: tls.clientKey },
    });
    await noClientCertificate.publishOne();
    await untrusted.publishOne();
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    for (const { definition } of [noClientCertificate, untrusted]) {
      const [record] = await notificationsOf(t, operator, definition.id);
      expect(record.status).toBe('RETRYING');
      expect(record.errors[0].error).toMatch(/^could not reach 127\.0\.0\.1:\d+/);
    }
    expect(hooks.received).toEqual([]);
  });
});
