import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokenVerifier } from '../../platform/auth/access-token-verifier.js';
import { bearerToken, principalOf } from '../../platform/auth/authenticate.js';
import { mayActFor } from '../../platform/auth/principal.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import { noneMatchHits } from '../../platform/http/conditional-get.js';
import { withHeaders } from '../../platform/http/response-declarations.js';
import type { OutboundClient } from '../../platform/outbound/outbound-client.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { LOOKUP_ID_MAX_LENGTH, PageSchema, Ref } from '../../platform/resource/declare.js';
import type { AssetRow } from './asset.repository.js';
import {
  ASSET_PAGE_SIZE,
  AssetSchema,
  DeleteAssetsJsonSchema,
  DeleteFormSchema,
  DeleteOutcomeSchema,
  DownloadParamsSchema,
  DownloadQuerySchema,
  ListAssetsQuerySchema,
  ListedAssetSchema,
  UploadFormSchema,
} from './asset.schema.js';
import type { AssetService } from './asset.service.js';
import { registerAssetControlRoute } from './asset-control.routes.js';
import { readDeleteIds, readUploadForm } from './asset-forms.js';
import { contentDisposition } from './asset-naming.js';
import { discard } from './asset-staging.js';
import { fetchUrl } from './asset-url-source.js';

export interface AssetRoutesOptions {
  service: AssetService;
  outbound: OutboundClient;
  stagingDir: string;
  maxBytes: number;
  urlTimeoutMs: number;
  /** Orders and products, for the asset control. */
  services: RecordStores;
  /** Checks the token that downloads a private asset. */
  verifier: AccessTokenVerifier;
}

const tags = ['Assets'];

/**
 * A private asset (a kept copy of a sent e-mail) is downloaded with a token of its owner (or of a customer authorized
 * for it) or of the operator, holding `assets:read`. Anyone else, with or without a token, gets the 404 of an asset
 * that does not exist.
 */
async function mayDownload(request: FastifyRequest, asset: AssetRow, verifier: AccessTokenVerifier): Promise<boolean> {
  if (!asset.private) return true;
  const token = bearerToken(request);
  const principal = token ? await verifier.verify(token).catch(() => undefined) : undefined;
  return principal?.scopes.has('assets:read') === true && mayActFor(principal, asset.customerId);
}

/** Deleting assets is for the operator's employees only (specification: "internal use by the operator"). */
async function operatorOnly(request: FastifyRequest) {
  if (!principalOf(request).isOperator) throw new ForbiddenError('this operation is reserved to the platform operator');
}

/** The route is a wildcard (so file names longer than the router's parameter limit still resolve); documented as `{filename}`. */
const documentedWithFilename: SwaggerTransform = ({ schema, url }) => ({
  url: url.replace('/*', '/:filename'),
  schema: {
    ...schema,
    params: {
      type: 'object',
      required: ['id', 'filename'],
      properties: {
        id: { type: 'string', maxLength: LOOKUP_ID_MAX_LENGTH, description: 'asset id' },
        filename: { type: 'string', description: 'file name (any name serves the content)' },
      },
    },
  },
});

/**
 * The Asset API. `@fastify/multipart` is registered in this plugin's own context only, so every other route still
 * answers 415 to a multipart body.
 */
export async function assetRoutes(untyped: FastifyInstance, options: AssetRoutesOptions) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = options;
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: options.maxBytes + 1 } });
  for (const schema of [AssetSchema, ListedAssetSchema, DeleteOutcomeSchema]) app.addSchema(schema);
  registerAssetControlRoute(app, options.services);

  app.post('/assets', {
    // Uploads are idempotent by nature (an owner's same content answers its same asset); a streamed body cannot be
    // compared for replay.
    config: { scope: 'assets:write', idempotency: false, accepts: ['multipart/form-data'] },
    schema: {
      operationId: 'uploadAsset',
      tags,
      summary: "Upload one file (or have it fetched from a URL); the caller's identical content is stored once",
      description:
        "A `multipart/form-data` body with one `file` part, or a `url` field the server fetches (http(s) only; private and loopback addresses refused, at most 3 redirects). The asset belongs to the caller's customer (the operator's without one). Content its owner stored before answers that asset (same id, link and file name); another owner's asset of the same content is never named: the caller gets an asset of its own. `Location` is its public link.",
      body: { content: { 'multipart/form-data': { schema: UploadFormSchema } } },
      response: { 201: withHeaders(Ref(AssetSchema), 'location') },
    },
    handler: async (request, reply) => {
      const source = await readUploadForm(request, options.stagingDir, options.maxBytes);
      const file =
        source.kind === 'file'
          ? source
          : await fetchUrl(
              options.outbound,
              source.url,
              { stagingDir: options.stagingDir, maxBytes: options.maxBytes, timeoutMs: options.urlTimeoutMs },
              request.log,
            );
      // An empty asset stores nothing anyone could want, as an empty body to sign signs nothing.
      if (file.staged.size === 0) {
        await discard(file.staged.path);
        throw new ValidationError(
          source.kind === 'file'
            ? 'body.file must not be empty: it is the content to store'
            : 'body.url answered an empty body: there is no content to store',
        );
      }
      const asset = await service.keep(principalOf(request), file);
      return reply.code(201).header('location', asset.url).send(asset);
    },
  });

  app.get('/assets', {
    config: { scope: 'assets:read' },
    schema: {
      operationId: 'listAssets',
      tags,
      summary: "List the caller's assets, oldest first (the operator's token: every owner's)",
      description:
        "A customer's token lists its customer's assets (and those of its `authorizedCustomers`); the operator's lists every owner's, each with its `customerId` (absent: the operator's own). `customerId` keeps one owner's assets; one the caller may not see answers an empty page.",
      querystring: ListAssetsQuerySchema,
      response: { 200: PageSchema(Ref(ListedAssetSchema)) },
    },
    handler: (request) => {
      const { page = 0, size = ASSET_PAGE_SIZE, customerId } = request.query;
      return service.list(principalOf(request), page, size, customerId);
    },
  });

  app.delete('/assets', {
    config: { scope: 'assets:write' },
    onRequest: operatorOnly,
    schema: {
      operationId: 'deleteAssets',
      tags,
      summary: 'Delete up to 1000 assets by id (operator only)',
      body: {
        content: {
          'multipart/form-data': { schema: DeleteFormSchema },
          'application/json': { schema: DeleteAssetsJsonSchema },
        },
      },
      response: { 200: Ref(DeleteOutcomeSchema) },
    },
    handler: async (request) => service.delete(principalOf(request), await readDeleteIds(request)),
  });

  app.get('/assets/:id/*', {
    // Public: the links that uploads answer are meant to be embedded anywhere.
    config: {
      public: true,
      swaggerTransform: documentedWithFilename,
    },
    schema: {
      operationId: 'downloadAsset',
      tags,
      summary: 'Download an asset (public, except kept copies of e-mails)',
      description:
        'Any file name serves the content; `Content-Disposition` gives the stored one. Immutable: cache it for ever, or send its ETag in `If-None-Match` (304). A kept copy of a sent e-mail is private: it needs a bearer token of its owner or of the operator, with `assets:read` (404 otherwise), and is answered `Cache-Control: private, no-store`.',
      params: DownloadParamsSchema,
      querystring: DownloadQuerySchema,
      response: {
        200: withHeaders(
          {
            description: 'the content, with its content type',
            content: { '*/*': { schema: { contentMediaType: 'application/octet-stream' } } },
          },
          'etag',
          'cache-control',
        ),
        304: withHeaders({ description: 'not modified (If-None-Match)', type: 'null' }, 'etag', 'cache-control'),
        ...errorResponses('simple', [404]),
      },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const etag = `"${id}"`;
      const asset = await service.describe(id);
      if (!(await mayDownload(request, asset, options.verifier))) throw new NotFoundError('asset', id.slice(0, 100));
      // A private copy is never kept by a shared cache.
      const caching = asset.private ? 'private, no-store' : 'public, max-age=31536000, immutable';
      const common = { etag, 'cache-control': caching, 'x-content-type-options': 'nosniff' };
      if (noneMatchHits(request.headers['if-none-match'], etag)) {
        return reply.code(304).headers(common).send();
      }
      const content = await service.content(asset);
      reply.headers({
        ...common,
        'content-type': asset.contentType,
        'content-length': content.size,
        'content-disposition': contentDisposition(asset.filename),
        // Served from the API's origin: whatever an uploaded HTML or SVG holds, it runs nothing there.
        'content-security-policy':
          "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
      if (request.method === 'HEAD') {
        // Headers only: close the content unread (Fastify would otherwise read all of it, from disk or S3, to discard it).
        content.stream.destroy();
        return reply.send(Readable.from([]));
      }
      return reply.send(content.stream);
    },
  });
}
