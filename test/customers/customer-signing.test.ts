import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  type CreatedCustomer,
  createCustomer,
  customerToken,
  customerWithToken,
  expectError,
  type Json,
} from './customer-factories.js';

let signer: CreatedCustomer & { token: string };
const { t, operator } = await useApp({ operator: true });
beforeAll(async () => {
  signer = await customerWithToken(t);
});

/** POST a raw body of the given content type. */
async function post(url: string, token: string | undefined, payload: string | Buffer, contentType?: string) {
  const response = await t.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload,
  });
  const json = String(response.headers['content-type'] ?? '').includes('json') ? JSON.parse(response.body) : undefined;
  return { status: response.statusCode, body: json, raw: response };
}

const verify = (url: string, token: string, signedData: string) => t.request('POST', url, token, { signedData });

describe('POST /customers/{customerId}/sign and /verify', () => {
  it('signs a JSON body as a compact EdDSA JWS that the public key verifies, and verify answers the original data', async () => {
    const data = { order: 'o-1', amount: '12.50', lines: [1, 2] };
    const res = await post(`/customers/${signer.id}/sign`, operator, JSON.stringify(data), 'application/json');
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['originalData', 'signedData']);
    expect(res.body.originalData).toEqual(data);
    const jws = res.body.signedData as string;
    expect(jws.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(jws)).toEqual({
      alg: 'EdDSA',
      kid: signer.body.signingPublicKey.kid,
      cty: 'application/json',
    });
    const offline = await compactVerify(jws, await importJWK(signer.body.signingPublicKey, 'EdDSA'));
    expect(JSON.parse(Buffer.from(offline.payload).toString())).toEqual(data);
    const verified = await verify(`/customers/${signer.id}/verify`, operator, jws);
    expect(verified.status).toBe(200);
    expect(verified.headers['content-type']).toContain('application/json');
    expect(verified.body).toEqual(data);
  });

  it('signs text/plain and answers it back with its content type', async () => {
    const text = 'Grüße, signed as text';
    const res = await post(`/customers/${signer.id}/sign`, operator, text, 'text/plain; charset=utf-8');
    expect(res.status).toBe(201);
    expect(res.body.originalData).toBe(text);
    const verified = await verify(`/customers/${signer.id}/verify`, operator, res.body.signedData);
    expect(verified.status).toBe(200);
    expect(verified.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(verified.raw.body).toBe(text);
  });

  it('signs application/octet-stream bytes exactly (originalData in base64)', async () => {
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255, 10, 13]);
    const res = await post(`/customers/${signer.id}/sign`, operator, bytes, 'application/octet-stream');
    expect(res.status).toBe(201);
    expect(res.body.originalData).toBe(bytes.toString('base64'));
    const verified = await verify(`/customers/${signer.id}/verify`, operator, res.body.signedData);
    expect(verified.headers['content-type']).toBe('application/octet-stream');
    expect(verified.raw.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 400 to a tampered payload or signature, without the data', async () => {
    const res = await post(
      `/customers/${signer.id}/sign`,
      operator,
      JSON.stringify({ amount: 10 }),
      'application/json',
    );
    const [header, payload, signature] = (res.body.signedData as string).split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ amount: 1000 })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const tampered of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      'not-a-jws.at.all',
      'garbage',
    ]) {
      const verified = await verify(`/customers/${signer.id}/verify`, operator, tampered);
      expectError(verified, 400, 'is not a valid signature');
      expect(JSON.stringify(verified.body)).not.toContain('1000');
    }
  });

  it("answers 400 to another customer's signature", async () => {
    const other = await createCustomer(t);
    const theirs = await post(
      `/customers/${other.id}/sign`,
      operator,
      JSON.stringify({ secret: 'theirs' }),
      'application/json',
    );
    const verified = await verify(`/customers/${signer.id}/verify`, operator, theirs.body.signedData);
    expectError(verified, 400, "not made with this customer's key");
    expect(JSON.stringify(verified.body)).not.toContain('theirs');
  });

  it('signs a body sent without a content type as application/octet-stream', async () => {
    const res = await post(`/customers/${signer.id}/sign`, operator, 'no type');
    expect(res.status).toBe(201);
    expect(res.body.originalData).toBe(Buffer.from('no type').toString('base64'));
    expect(decodeProtectedHeader(res.body.signedData).cty).toBe('application/octet-stream');
  });

  it('keeps the signature with persist=true or when longer than max, and verify accepts its id', async () => {
    const kept = await post(`/customers/${signer.id}/sign?persist=true`, operator, 'keep me', 'text/plain');
    expect(kept.body.signatureId).toEqual(expect.any(String));
    const { rows } = await t.built.db.query<Json>(
      'SELECT customer_id, content_type, signed_data FROM customer_signatures WHERE id = $1',
      [kept.body.signatureId],
    );
    expect(rows).toEqual([{ customer_id: signer.id, content_type: 'text/plain', signed_data: kept.body.signedData }]);
    expect((await verify(`/customers/${signer.id}/verify`, operator, kept.body.signatureId)).raw.body).toBe('keep me');
    const long = await post(`/customers/${signer.id}/sign?max=10`, operator, 'long', 'text/plain');
    expect(long.body.signatureId).toEqual(expect.any(String));
    const short = await post(`/customers/${signer.id}/sign?max=100000&persist=false`, operator, 'short', 'text/plain');
    expect(short.body.signatureId).toBeUndefined();
  });

  it('answers 400 to an empty body, to JSON that does not parse, and to bad query values', async () => {
    expectError(await post(`/customers/${signer.id}/sign`, operator, '', 'text/plain'), 400, 'must not be empty');
    expectError(
      await post(`/customers/${signer.id}/sign`, operator, '{"a":', 'application/json'),
      400,
      'not valid JSON',
    );
    expectError(await post(`/customers/${signer.id}/sign?max=-1`, operator, 'x', 'text/plain'), 400, 'querystring.max');
    expectError(
      await post(`/customers/${signer.id}/sign?persist=maybe`, operator, 'x', 'text/plain'),
      400,
      'querystring.persist',
    );
  });

  it('answers 400, not 500, to JSON nested deeper than 512 levels, and signs 512', async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expectError(
      await post(`/customers/${signer.id}/sign`, operator, nested(5000), 'application/json'),
      400,
      'deeper than 512 levels',
    );
    expectError(
      await post(
        `/customers/${signer.id}/sign`,
        operator,
        `${'{"a":'.repeat(513)}1${'}'.repeat(513)}`,
        'application/json',
      ),
      400,
      'deeper than 512 levels',
    );
    expect((await post(`/customers/${signer.id}/sign`, operator, nested(512), 'application/json')).status).toBe(201);
  });

  it('keeps other routes JSON-only: they still answer 415 to text/plain', async () => {
    expectError(await post(`/customers/${signer.id}/verify`, operator, 'x', 'text/plain'), 415);
    expectError(await post('/customers', operator, 'x', 'text/plain'), 415);
    expectError(await post('/terms', operator, 'x', 'application/octet-stream'), 415);
  });

  it('applies tenant rules: a customer signs for itself, a reseller for its publisher, nobody for a stranger (404)', async () => {
    const publisher = await customerWithToken(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    expect((await post(`/customers/${publisher.id}/sign`, publisher.token, 'mine', 'text/plain')).status).toBe(201);
    const forPublisher = await post(`/customers/${publisher.id}/sign`, reseller.token, 'on behalf', 'text/plain');
    expect(forPublisher.status).toBe(201);
    expect(decodeProtectedHeader(forPublisher.body.signedData).kid).toBe(publisher.body.signingPublicKey.kid);
    expectError(await post(`/customers/${signer.id}/sign`, publisher.token, 'x', 'text/plain'), 404);
    expectError(await verify(`/customers/${signer.id}/verify`, publisher.token, forPublisher.body.signedData), 404);
  });

  it('needs customers:write to sign and customers:read to verify', async () => {
    const readOnly = await customerToken(t, signer, 'customers:read');
    expectError(await post(`/customers/${signer.id}/sign`, readOnly, 'x', 'text/plain'), 403, 'customers:write');
    expectError(await post('/customers/sign', undefined, 'x', 'text/plain'), 401);
    const signed = await post(`/customers/${signer.id}/sign`, signer.token, 'x', 'text/plain');
    expect((await verify(`/customers/${signer.id}/verify`, readOnly, signed.body.signedData)).status).toBe(200);
  });
});

describe('POST /customers/sign and /customers/verify (JWT variants)', () => {
  it("sign and verify as the token's customer", async () => {
    const res = await post('/customers/sign', signer.token, JSON.stringify({ hello: 'world' }), 'application/json');
    expect(res.status).toBe(201);
    expect(decodeProtectedHeader(res.body.signedData).kid).toBe(signer.body.signingPublicKey.kid);
    expect((await verify('/customers/verify', signer.token, res.body.signedData)).body).toEqual({ hello: 'world' });
  });

  it('lets the operator name the customer, and answers 400 when it does not', async () => {
    expectError(await post('/customers/sign', operator, 'x', 'text/plain'), 400, 'querystring.customerId is required');
    const res = await post(
      `/customers/sign?customerId=${signer.id}&persist=true`,
      operator,
      'by operator',
      'text/plain',
    );
    expect(res.status).toBe(201);
    expect(res.body.signatureId).toEqual(expect.any(String));
    expect((await verify(`/customers/verify?customerId=${signer.id}`, operator, res.body.signedData)).raw.body).toBe(
      'by operator',
    );
    expectError(
      await verify('/customers/verify', operator, res.body.signedData),
      400,
      'querystring.customerId is required',
    );
  });

  it("answers 400 when the token's customer verifies another customer's signature", async () => {
    const other = await customerWithToken(t);
    const theirs = await post('/customers/sign', other.token, 'theirs', 'text/plain');
    expectError(
      await verify('/customers/verify', signer.token, theirs.body.signedData),
      400,
      'is not a valid signature',
    );
  });
});

describe('signing keys at rest', () => {
  it('keeps one Ed25519 key per customer, its private half sealed (AES-256-GCM), never in the record', async () => {
    const { rows } = await t.built.db.query<Json>(
      'SELECT kid, public_jwk, private_key_sealed FROM customer_signing_keys WHERE customer_id = $1',
      [signer.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.public_jwk).toEqual(signer.body.signingPublicKey);
    expect(rows[0]!.private_key_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(signer.body)).not.toContain(rows[0]!.private_key_sealed.split('.')[4]);
  });
});
