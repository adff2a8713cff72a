import { describe, expect, it } from 'vitest';
import { notificationReceiverKind } from '../../src/apis/notifications/notification-receiver.kind.js';
import { expectDetailedError } from '../catalog/catalog-factories.js';
import { useApp } from '../support/fixture.js';
import {
  createDefinition,
  createReceiver,
  definitionBody,
  expectSealedAtRest,
  type Json,
  receiverBody,
} from './notification-factories.js';
import { makeTlsMaterial } from './tls-material.js';

const tls = makeTlsMaterial();

const { t, operator } = await useApp({ operator: true });

describe('POST /notification-definitions', () => {
  it('stores a definition and reads it back', async () => {
    const created = await createDefinition(t, operator);
    expect(created).toMatchObject({ dbVersion: 0, eventMatcher: { fact: 'updated', subject: 'product' } });
    const read = await t.request('GET', `/notification-definitions/${created.id}`, operator);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('answers 400 in the detailed shape naming a filter that is not RFC 9535 JSONPath', async () => {
    const res = await t.request(
      'POST',
      '/notification-definitions',
      operator,
      definitionBody({
        eventMatcher: { fact: 'updated', subject: 'product', filters: [{ jsonPath: '$.what[', value: 'x' }] },
      }),
    );
    expectDetailedError(
      res,
      400,
      'VALIDATION',
      'body.eventMatcher.filters[0].jsonPath is not an RFC 9535 JSONPath query',
    );
  });

  it('answers 400 for a mainIdJsonPath that does not parse, and for a missing eventMatcher', async () => {
    expectDetailedError(
      await t.request('POST', '/notification-definitions', operator, definitionBody({ mainIdJsonPath: 'involved.id' })),
      400,
      'VALIDATION',
      'body.mainIdJsonPath',
    );
    const { eventMatcher: _omitted, ...rest } = definitionBody();
    expectDetailedError(
      await t.request('POST', '/notification-definitions', operator, rest),
      400,
      'VALIDATION',
      'eventMatcher',
    );
  });

  it('answers 400 for paths past their limits, measured on the text: nesting, descendant segments', async () => {
    const filter = (jsonPath: string) =>
      definitionBody({ eventMatcher: { fact: 'updated', subject: 'product', filters: [{ jsonPath, value: 'x' }] } });
    expectDetailedError(
      await t.request('POST', '/notification-definitions', operator, filter(`$${'[0]'.repeat(4)}${'['.repeat(17)}`)),
      400,
      'VALIDATION',
      'nests brackets deeper than 16 levels',
    );
    expectDetailedError(
      await t.request('POST', '/notification-definitions', operator, filter('$..a..b')),
      400,
      'VALIDATION',
      'more than 1 descendant segment',
    );
    expectDetailedError(
      await t.request('POST', '/notification-definitions', operator, filter('$.items[?@..id]')),
      400,
      'VALIDATION',
      'descendant segment (..) inside a filter',
    );
    expect(
      (await t.request('POST', '/notification-definitions', operator, filter("$..lines[?match(@.sku, '(a|a)*b')].sku")))
        .status,
    ).toBe(201);
  });

  it('answers 400 for a template nesting block tags deeper than 32 levels', async () => {
    const content = `${'{% if true %}'.repeat(33)}x${'{% endif %}'.repeat(33)}`;
    expectDetailedError(
      await t.request(
        'POST',
        '/notification-definitions',
        operator,
        definitionBody({ notificationPayload: { content } }),
      ),
      400,
      'VALIDATION',
      'nests block tags deeper than 32 levels',
    );
  });

  it('answers 400 for a template using an unknown Liquid filter', async () => {
    const res = await t.request(
      'POST',
      '/notification-definitions',
      operator,
      definitionBody({ notificationPayload: { content: '{{ event.id | nosuchfilter }}' } }),
    );
    expectDetailedError(res, 400, 'VALIDATION', 'body.notificationPayload.content');
  });

  it('replaces a definition on PUT and answers 412 for a stale dbVersion', async () => {
    const created = await createDefinition(t, operator);
    const updated = await t.request('PUT', `/notification-definitions/${created.id}`, operator, {
      ...created,
      name: 'renamed',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'renamed', dbVersion: 1 });
    expectDetailedError(
      await t.request('PUT', `/notification-definitions/${created.id}`, operator, { ...created, name: 'again' }),
      412,
      'STALE_VERSION',
    );
  });
});

describe('POST /notification-receivers', () => {
  it('refuses a web hook the outbound rules would refuse, naming the rule and OUTBOUND_ALLOWLIST, and stores nothing', async () => {
    const before = (await t.request<Json>('GET', '/notification-receivers?size=500', operator)).body.totalItems;
    const loopback = expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ url: 'http://127.0.0.1:9/hook' })),
      400,
      'VALIDATION',
      'body.url: 127.0.0.1 is a loopback address',
    );
    expect(loopback.message).toContain('OUTBOUND_ALLOWLIST');
    expect(loopback.details[0].specific).toEqual({
      field: 'body.url',
      setting: 'OUTBOUND_ALLOWLIST',
      rule: 'a loopback address',
    });
    expectDetailedError(
      await t.request(
        'POST',
        '/notification-receivers',
        operator,
        receiverBody({ url: 'http://169.254.169.254/latest' }),
      ),
      400,
      'VALIDATION',
      'a cloud metadata service address',
    );
    expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ url: 'https://[::1]/hook' })),
      400,
      'VALIDATION',
      'loopback',
    );
    // A name is refused by what it resolves to, without telling what that is.
    const named = expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ url: 'http://localhost:9/hook' })),
      400,
      'VALIDATION',
      'body.url: localhost is not an allowed destination',
    );
    expect(named.details[0].specific).toEqual({ field: 'body.url', setting: 'OUTBOUND_ALLOWLIST' });
    const oauth = {
      clientCredentialOauth2Config: { clientId: 'c', clientSecret: 's', tokenUrl: 'http://10.0.0.8/token' },
    };
    expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ httpClientConfiguration: oauth })),
      400,
      'VALIDATION',
      'body.httpClientConfiguration.clientCredentialOauth2Config.tokenUrl: 10.0.0.8 is a private (RFC 1918) address',
    );
    expect((await t.request<Json>('GET', '/notification-receivers?size=500', operator)).body.totalItems).toBe(before);
  });

  it('refuses an update to a refused web hook and keeps the stored one', async () => {
    const created = await createReceiver(t, operator);
    expectDetailedError(
      await t.request('PUT', `/notification-receivers/${created.id}`, operator, {
        ...created,
        url: 'http://192.168.1.10/hook',
      }),
      400,
      'VALIDATION',
      'body.url: 192.168.1.10 is a private',
    );
    expect((await t.request<Json>('GET', `/notification-receivers/${created.id}`, operator)).body).toMatchObject({
      url: created.url,
      dbVersion: 0,
    });
  });

  it('generates a whsec_ signing secret shown once, masked on reads and kept across updates', async () => {
    const res = await t.request('POST', '/notification-receivers', operator, receiverBody());
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body as Json;
    expect(body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = (await t.request('GET', `/notification-receivers/${body.id}`, operator)).body as Json;
    expect(read.signingSecret).toBe('********');
    await t.request('PUT', `/notification-receivers/${body.id}`, operator, {
      ...read,
      name: 'renamed',
      signingSecret: 'whsec_mine',
    });
    const { rows } = await t.built.db.query<{ doc: Json }>('SELECT doc FROM notification_receivers WHERE id = $1', [
      body.id,
    ]);
    expect(rows[0]!.doc.name).toBe('renamed');
    expect(rows[0]!.doc.signingSecret).toMatch(/^sealed:v1\./);
    expect(t.built.services.of(notificationReceiverKind).withSecretsOpened(rows[0]!.doc).signingSecret).toBe(
      body.signingSecret,
    );
  });

  it('answers 409 naming a stored secret that does not open (another key or record) when the update would keep it; a new value replaces it', async () => {
    const httpClientConfiguration = {
      clientCredentialOauth2Config: {
        clientId: 'hooks',
        clientSecret: 'first',
        oauth2Type: 'CLIENT_CREDENTIALS',
        scopes: ['hooks:write'],
        tokenUrl: 'https://auth.example.com/token',
      },
    };
    const receiver = await createReceiver(t, operator, { httpClientConfiguration });
    const other = await createReceiver(t, operator, { httpClientConfiguration });
    // Sealed for the other receiver: bound to its id, it does not open here (as under another DATA_ENCRYPTION_KEY).
    const path = '{httpClientConfiguration,clientCredentialOauth2Config,clientSecret}';
    await t.built.db.query(
      `UPDATE notification_receivers SET doc = jsonb_set(doc, '${path}', (SELECT doc #> '${path}' FROM notification_receivers WHERE id = $2)) WHERE id = $1`,
      [receiver.id, other.id],
    );
    const read = (await t.request('GET', `/notification-receivers/${receiver.id}`, operator)).body as Json;
    const kept = await t.request('PUT', `/notification-receivers/${receiver.id}`, operator, {
      ...read,
      name: 'keeps the secret',
    });
    expectDetailedError(
      kept,
      409,
      'CONFLICT',
      `notification receiver ${receiver.id}: the stored httpClientConfiguration.clientCredentialOauth2Config.clientSecret cannot be opened with this service's DATA_ENCRYPTION_KEY`,
    );
    expect((kept.body as Json).message).toMatch(/send a new value to replace it$/);
    expect((await t.request('GET', `/notification-receivers/${receiver.id}`, operator)).body).toMatchObject({
      name: read.name,
      dbVersion: read.dbVersion,
    });
    const withNewSecret = structuredClone(read);
    withNewSecret.httpClientConfiguration!.clientCredentialOauth2Config!.clientSecret = 'replacement';
    expect(
      (
        await t.request('PUT', `/notification-receivers/${receiver.id}`, operator, {
          ...withNewSecret,
          name: 'new secret',
        })
      ).status,
    ).toBe(200);
    const { rows } = await t.built.db.query<{ doc: Json }>('SELECT doc FROM notification_receivers WHERE id = $1', [
      receiver.id,
    ]);
    expect(
      t.built.services.of(notificationReceiverKind).withSecretsOpened(rows[0]!.doc).httpClientConfiguration
        ?.clientCredentialOauth2Config?.clientSecret,
    ).toBe('replacement');
  });

  it('answers 409 asking for a new receiver when its generated signing secret does not open', async () => {
    const receiver = await createReceiver(t, operator);
    const other = await createReceiver(t, operator);
    await t.built.db.query(
      `UPDATE notification_receivers SET doc = jsonb_set(doc, '{signingSecret}', (SELECT doc->'signingSecret' FROM notification_receivers WHERE id = $2)) WHERE id = $1`,
      [receiver.id, other.id],
    );
    const read = (await t.request('GET', `/notification-receivers/${receiver.id}`, operator)).body as Json;
    const res = await t.request('PUT', `/notification-receivers/${receiver.id}`, operator, {
      ...read,
      name: 'renamed',
      signingSecret: 'whsec_mine',
    });
    expectDetailedError(
      res,
      409,
      'CONFLICT',
      `the stored signingSecret cannot be opened with this service's DATA_ENCRYPTION_KEY (sealed under another key, or copied from another record); create the notification receiver again`,
    );
  });

  it('masks clientSecret and privateKey and keeps them when an update sends the mask back', async () => {
    const httpClientConfiguration = {
      clientCredentialOauth2Config: {
        clientId: 'hooks',
        clientSecret: 'very-secret',
        oauth2Type: 'CLIENT_CREDENTIALS',
        scopes: ['hooks:write'],
        tokenUrl: 'https://auth.example.com/token',
      },
      httpHeaders: { 'x-team': ['orders', 'eu'] },
      tlsConfiguration: {
        clientCertificates: tls.clientCert,
        privateKey: tls.clientKey,
        serverCACertificates: tls.caCert,
        tlsAuthMode: 'MUTUAL',
      },
    };
    const created = await createReceiver(t, operator, { httpClientConfiguration });
    expect(created.httpClientConfiguration.clientCredentialOauth2Config.clientSecret).toBe('********');
    expect(created.httpClientConfiguration.tlsConfiguration.privateKey).toBe('********');
    expect(created.httpClientConfiguration.httpHeaders).toEqual({ 'x-team': ['orders', 'eu'] });
    const updated = await t.request('PUT', `/notification-receivers/${created.id}`, operator, {
      ...created,
      name: 'renamed',
    });
    expect(updated.status).toBe(200);
    await expectSealedAtRest(t, created.id, ['very-secret', tls.clientKey]);
    const { rows } = await t.built.db.query<{ doc: Json }>('SELECT doc FROM notification_receivers WHERE id = $1', [
      created.id,
    ]);
    const opened = t.built.services.of(notificationReceiverKind).withSecretsOpened(rows[0]!.doc);
    expect(opened.httpClientConfiguration!.clientCredentialOauth2Config!.clientSecret).toBe('very-secret');
    expect(opened.httpClientConfiguration!.tlsConfiguration!.privateKey).toBe(tls.clientKey);
  });

  it('answers 400 for PEM material that does not parse, a key without its certificate, and a token URL that is not http(s)', async () => {
    const configured = (tlsConfiguration: Json, oauth: Json = {}) =>
      receiverBody({ httpClientConfiguration: { tlsConfiguration, clientCredentialOauth2Config: oauth } });
    const post = (body: Json) => t.request('POST', '/notification-receivers', operator, body);
    expectDetailedError(
      await post(configured({ clientCertificates: 'not a pem', privateKey: tls.clientKey })),
      400,
      'VALIDATION',
      'tlsConfiguration.clientCertificates must be an X.509 certificate',
    );
    expectDetailedError(
      await post(configured({ clientCertificates: tls.clientCert, privateKey: 'nope' })),
      400,
      'VALIDATION',
      'tlsConfiguration.privateKey must be a private key',
    );
    expectDetailedError(
      await post(configured({ serverCACertificates: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })),
      400,
      'VALIDATION',
      'serverCACertificates',
    );
    expectDetailedError(
      await post(configured({ privateKey: tls.clientKey })),
      400,
      'VALIDATION',
      'needs both clientCertificates and privateKey',
    );
    expectDetailedError(
      await post(configured({}, { tokenUrl: 'file:///etc/passwd' })),
      400,
      'VALIDATION',
      'clientCredentialOauth2Config.tokenUrl',
    );
  });

  it('accepts emails as a comma-separated string and answers them as a list', async () => {
    const created = await createReceiver(t, operator, { emails: ' ops@example.com, desk@example.com ,' });
    expect(created.emails).toEqual(['ops@example.com', 'desk@example.com']);
    const listed = (await t.request('GET', `/notification-receivers?size=500`, operator)).body as Json;
    expect(listed.items.find((item: Json) => item.id === created.id).emails).toEqual([
      'ops@example.com',
      'desk@example.com',
    ]);
  });

  it('answers 400 for an address that is not one, an emailTemplateName outside 10..120 characters and a bad status', async () => {
    expectDetailedError(
      await t.request(
        'POST',
        '/notification-receivers',
        operator,
        receiverBody({ emails: 'ops@example.com,not-an-address' }),
      ),
      400,
      'VALIDATION',
      'not-an-address',
    );
    expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ emailTemplateName: 'short' })),
      400,
      'VALIDATION',
      'emailTemplateName',
    );
    expectDetailedError(
      await t.request(
        'POST',
        '/notification-receivers',
        operator,
        receiverBody({ emailTemplateName: 'x'.repeat(121) }),
      ),
      400,
      'VALIDATION',
      'emailTemplateName',
    );
    expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ status: 'ON' })),
      400,
      'VALIDATION',
      'status',
    );
    expectDetailedError(
      await t.request('POST', '/notification-receivers', operator, receiverBody({ url: 'ftp://files.example.com' })),
      400,
      'VALIDATION',
      'body.url',
    );
  });

  it('answers 400 naming the fixed header whose name or value cannot be sent, or that the platform sets', async () => {
    const post = (httpClientConfiguration: Json) =>
      t.request('POST', '/notification-receivers', operator, receiverBody({ httpClientConfiguration }));
    const headers = (httpHeaders: Record<string, string[]>, oauth: Json = {}) => post({ httpHeaders, ...oauth });
    expectDetailedError(
      await headers({ 'X-Price': ['10 \u20ac'] }),
      400,
      'VALIDATION',
      'body.httpClientConfiguration.httpHeaders header "X-Price" has value 0 with a character a header cannot carry',
    );
    expectDetailedError(
      await headers({ 'X-Split': ['ok', 'a\r\nInjected: yes'] }),
      400,
      'VALIDATION',
      'header "X-Split" has value 1',
    );
    expectDetailedError(await headers({ 'X-Bell': ['\u0007'] }), 400, 'VALIDATION', 'header "X-Bell"');
    expectDetailedError(
      await headers({ 'X Team': ['a'] }),
      400,
      'VALIDATION',
      'header "X Team" is not a valid header name',
    );
    expectDetailedError(await headers({ 'x-a': ['1'], 'X-A': ['2'] }), 400, 'VALIDATION', 'names header "X-A" twice');
    for (const name of [
      'Content-Type',
      'content-length',
      'Host',
      'User-Agent',
      'webhook-id',
      'Webhook-Timestamp',
      'webhook-signature',
      'Transfer-Encoding',
      'Connection',
      'Expect',
    ]) {
      expectDetailedError(
        await headers({ [name]: ['x'] }),
        400,
        'VALIDATION',
        `header "${name}" is set by the platform`,
      );
    }
    const oauth = {
      clientCredentialOauth2Config: { clientId: 'c', clientSecret: 's', tokenUrl: 'https://auth.example.com/token' },
    };
    expectDetailedError(
      await headers({ Authorization: ['Basic eDp5'] }, oauth),
      400,
      'VALIDATION',
      'header "Authorization" is set by the platform (the OAuth2 bearer token)',
    );
    expect((await headers({ Authorization: ['Basic eDp5'], 'X-City': ['Z\u00fcrich'] })).status).toBe(201);
    const created = await createReceiver(t, operator);
    const put = await t.request('PUT', `/notification-receivers/${created.id}`, operator, {
      ...created,
      httpClientConfiguration: { httpHeaders: { 'webhook-signature': ['v1,forged'] } },
    });
    expectDetailedError(put, 400, 'VALIDATION', 'header "webhook-signature" is set by the platform');
  });

  it("lets a tenant see its own receivers and not another tenant's", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const mine = await createReceiver(t, a.token);
    expect(mine.customerId).toBe(a.customerId);
    expect((await t.request('GET', `/notification-receivers/${mine.id}`, b.token)).status).toBe(404);
    expect((await t.request('GET', `/notification-receivers/${mine.id}`, a.token)).status).toBe(200);
  });
});

describe('POST /events', () => {
  it('answers 202 with the id of the outbox event it wrote', async () => {
    const res = await t.request('POST', '/events', operator, {
      fact: 'paid',
      subject: 'order',
      customerId: 'cust-1',
      what: { delta: { status: 'PAID' } },
      involved: { order: { id: 'o-1' } },
    });
    expect(res.status).toBe(202);
    const { rows } = await t.built.db.query<{ event: Json }>('SELECT event FROM outbox WHERE id = $1', [
      (res.body as Json).id,
    ]);
    expect(rows[0]!.event).toMatchObject({
      fact: 'paid',
      subject: 'order',
      customerId: 'cust-1',
      what: { delta: { status: 'PAID' }, previous: {} },
      involved: { order: { id: 'o-1' } },
    });
  });

  it("gives a tenant's event its customer, and answers 403 for another customer", async () => {
    const tenant = await t.tenant();
    const res = await t.request('POST', '/events', tenant.token, { fact: 'paid', subject: 'order' });
    expect(res.status).toBe(202);
    const { rows } = await t.built.db.query<{ customer_id: string }>('SELECT customer_id FROM outbox WHERE id = $1', [
      (res.body as Json).id,
    ]);
    expect(rows[0]!.customer_id).toBe(tenant.customerId);
    expectDetailedError(
      await t.request('POST', '/events', tenant.token, { fact: 'paid', subject: 'order', customerId: 'someone-else' }),
      403,
      'FORBIDDEN',
    );
  });

  it('answers 400 for a missing fact and 403 without notifications:write', async () => {
    expectDetailedError(await t.request('POST', '/events', operator, { subject: 'order' }), 400, 'VALIDATION', 'fact');
    const reader = (
      await t.token({
        realmName: 'operator',
        grantType: 'client_credentials',
        clientSecret: 'test-operator-secret',
        scope: 'notifications:read',
      })
    ).access_token;
    expect((await t.request('POST', '/events', reader, { fact: 'paid', subject: 'order' })).status).toBe(403);
  });
});
