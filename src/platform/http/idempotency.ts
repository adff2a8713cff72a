import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../auth/principal.js';
import { type DataEncryption, DecryptionError } from '../crypto/data-encryption.js';
import type { Database } from '../db/database.js';
import { ConflictError, UnprocessableError, ValidationError } from '../errors/domain-errors.js';
import { newId } from '../ids.js';
import {
  type Claim,
  completeClaim,
  type ExistingKey,
  findKey,
  insertClaim,
  releaseClaim,
  type StoredResponse,
  takeOverClaim,
} from './idempotency-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` takes a POST route out of Idempotency-Key handling. */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const MAX_KEY_LENGTH = 255;
/** Besides status, body and content type, what a client needs to follow up on a replayed answer. */
const KEPT_HEADERS = ['location', 'etag', 'cache-control'];

const KeyHeaderSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_KEY_LENGTH,
  description: `Makes a retry safe: the same key with the same request within 24 h answers the stored response (with \`${REPLAYED_HEADER}: true\`) instead of running the operation again`,
};

/** Keys belong to the caller: two tenants (or two users of one realm) using the same key never see each other's answer. */
function callerScope(principal: Pick<Principal, 'realm' | 'subject'>): string {
  return JSON.stringify([principal.realm, principal.subject]);
}

/** Object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const entries = Object.keys(value)
    .sort()
    .map((name) => [name, canonical((value as Record<string, unknown>)[name])]);
  return Object.fromEntries(entries);
}

/** What "the same request" means: method, path with query, and the validated body. */
export function requestHash(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const body = Buffer.isBuffer(request.body) ? request.body.toString('base64') : canonical(request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, body]))
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  const text = Array.isArray(key) ? key.join(', ') : key;
  if (text.length === 0 || text.length > MAX_KEY_LENGTH)
    throw new ValidationError(`headers.${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters`);
  return text;
}

/** A body the handler will read itself (a stream) is not known yet, so it cannot be compared with a stored request. */
function bodyUnknown(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.body === undefined &&
    ((length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined)
  );
}

/** The answer as it can be stored and sent again; `undefined` for a stream or binary payload. */
function storable(reply: FastifyReply, payload: unknown): StoredResponse | undefined {
  const contentType = (reply.getHeader('content-type') as string | undefined) ?? null;
  let body: string;
  if (payload === undefined || payload === null) body = '';
  else if (typeof payload === 'string') body = payload;
  else if (Buffer.isBuffer(payload) && /json|text/.test(contentType ?? '')) body = payload.toString('utf8');
  else return undefined;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { status: reply.statusCode, body, contentType, headers };
}

/** A stored body is sealed: an answer may show a secret once (a client secret, a signing secret) or personal data. */
const SEALED = 'sealed:';

function sealedBody(encryption: DataEncryption, claim: Claim, response: StoredResponse): StoredResponse {
  if (response.body === '') return response;
  return {
    ...response,
    body: `${SEALED}${encryption.seal(Buffer.from(response.body, 'utf8'), sealContext(claim.scope, claim.key))}`,
  };
}

function openedBody(encryption: DataEncryption, scope: string, key: string, body: string): string {
  if (!body.startsWith(SEALED)) return body;
  try {
    return encryption.open(body.slice(SEALED.length), sealContext(scope, key)).toString('utf8');
  } catch (error) {
    // Sealed under another DATA_ENCRYPTION_KEY: it cannot be replayed, nor run again under that key.
    if (error instanceof DecryptionError)
      throw new ConflictError(
        `the answer kept for Idempotency-Key "${key}" cannot be opened with this service's DATA_ENCRYPTION_KEY; use a new key`,
      );
    throw error;
  }
}

/** A sealed answer opens only for the caller and key it was kept for. */
const sealContext = (scope: string, key: string) => `idempotency:${scope}:${key}`;

function replay(reply: FastifyReply, stored: StoredResponse): FastifyReply {
  reply.code(stored.status).headers(stored.headers).header(REPLAYED_HEADER, 'true');
  if (stored.contentType) reply.type(stored.contentType);
  return reply.send(stored.body === '' ? undefined : stored.body);
}

/** Claims the key, or returns the row that holds it. Retries when the holder freed it between two statements. */
async function claimOrFind(db: Database, claim: Claim, hash: string): Promise<ExistingKey | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if ((await insertClaim(db, claim, hash)) || (await takeOverClaim(db, claim, hash))) return undefined;
    const existing = await findKey(db, claim.scope, claim.key);
    if (existing) return existing;
  }
  return { state: 'running', requestHash: hash };
}

/** Idempotency applies to POST routes with a caller to scope the key to; public routes (token endpoints) have none. */
function appliesTo(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const config = route.config ?? {};
  return methods.includes('POST') && !config.public && config.idempotency !== false;
}

function appended<T>(hooks: T | T[] | undefined, hook: T): T[] {
  return [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];
}

/** Documents (and validates early) the header; a headers schema given as a `$ref` is left alone, the hook checks the key anyway. */
function withKeyHeader(schema: FastifySchema): FastifySchema {
  const headers = schema.headers as { $id?: string; properties?: Record<string, unknown> } | undefined;
  if (headers && !headers.properties) return schema;
  const { $id: _id, ...rest } = headers ?? {};
  return {
    ...schema,
    headers: { type: 'object', ...rest, properties: { ...rest.properties, [IDEMPOTENCY_HEADER]: KeyHeaderSchema } },
  };
}

/** The three hooks each POST route gets; `claims` remembers which key the request holds. */
class IdempotencyHooks {
  private readonly claims = new WeakMap<FastifyRequest, Claim>();

  constructor(
    private readonly db: Database,
    private readonly encryption: DataEncryption,
  ) {}

  /** preHandler: runs after authentication and validation, so a refused request never holds a key. */
  claim = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === undefined || !request.principal) return;
    if (bodyUnknown(request)) {
      request.log.warn(
        'Idempotency-Key ignored: the body of this operation is streamed, so a retry cannot be compared',
      );
      return;
    }
    const claim: Claim = { scope: callerScope(request.principal), key, claimId: newId() };
    const hash = requestHash(request);
    const existing = await claimOrFind(this.db, claim, hash);
    if (!existing) {
      this.claims.set(request, claim);
      return;
    }
    // 422, as the IETF Idempotency-Key draft answers a key sent again with another request.
    if (existing.requestHash !== hash)
      throw new UnprocessableError(
        `Idempotency-Key "${key}" was already used for a different request (another body or path); use a new key`,
      );
    if (existing.state === 'running')
      throw new ConflictError(
        `a request with Idempotency-Key "${key}" is still being processed; retry once it has finished`,
      );
    return replay(reply, {
      ...existing.response,
      body: openedBody(this.encryption, claim.scope, key, existing.response.body),
    });
  };

  /** onSend: stores a 2xx/3xx answer before it leaves, so a retry arriving right after finds it. */
  record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = this.claims.get(request);
    if (!claim) return payload;
    this.claims.delete(request);
    // 4xx: refused, nothing happened. 5xx: a fault, the change is not known to have happened. Either way the
    // key is freed and a retry runs the operation.
    const response = reply.statusCode < 400 ? storable(reply, payload) : undefined;
    try {
      if (response) await completeClaim(this.db, claim, sealedBody(this.encryption, claim, response));
      else await releaseClaim(this.db, claim);
    } catch (error) {
      // The answer still goes out; the key stays `running` and may be taken over after STALE_RUNNING_SECONDS.
      request.log.error({ err: error }, 'could not record the outcome of an Idempotency-Key');
    }
    return payload;
  };

  /** onResponse: only if the response ended without passing `onSend`; keeps a key from staying held. */
  releaseUnfinished = async (request: FastifyRequest) => {
    const claim = this.claims.get(request);
    if (!claim) return;
    this.claims.delete(request);
    await releaseClaim(this.db, claim).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not free an Idempotency-Key'),
    );
  };
}

/**
 * `Idempotency-Key` on every authenticated POST route, with Stripe's semantics (see docs/decisions.md#idempotency).
 * The hooks are attached to each POST route as it is added, so this plugin must be registered before the routes.
 */
export const idempotency = fp(
  async (app: FastifyInstance, options: { db: Database; encryption: DataEncryption }) => {
    const hooks = new IdempotencyHooks(options.db, options.encryption);
    app.addHook('onRoute', (route) => {
      if (!appliesTo(route)) return;
      route.preHandler = appended(route.preHandler, hooks.claim);
      route.onSend = appended(route.onSend, hooks.record);
      route.onResponse = appended(route.onResponse, hooks.releaseUnfinished);
      if (route.schema) route.schema = withKeyHeader(route.schema);
    });
  },
  { name: 'idempotency' },
);
