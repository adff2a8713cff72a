import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../../platform/auth/authenticate.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { Database } from '../../../platform/db/database.js';
import { ConflictError, UnsupportedMediaTypeError } from '../../../platform/errors/domain-errors.js';
import { errorResponses } from '../../../platform/errors/error-schemas.js';
import { IDEMPOTENCY_HEADER } from '../../../platform/http/idempotency.js';
import { bodyByMediaType } from '../../../platform/http/media-type-body.js';
import { withHeaders } from '../../../platform/http/response-declarations.js';
import { newId } from '../../../platform/ids.js';
import { type RecordStore, type RecordStores, Ref, schemaNodeOf } from '../../../platform/resource/declare.js';
import { parseListingQuery } from '../../../platform/resource/shapes.js';
import type { ProductSchema } from '../product.schema.js';
import { FIRST_IMPORT_STATUS } from './import-life-cycle.js';
import { dropRows, keepUploader } from './import-rows.repository.js';
import { stageUpload } from './import-upload.js';
import { CHUNK_ROWS } from './import-work.js';
import { ExportQuerySchema, exportStream } from './product-export.js';
import {
  CreateImportQuerySchema,
  type ImportFormat,
  type ProductImport,
  ProductImportSchema,
} from './product-import.schema.js';

export interface BulkCatalogueOptions {
  db: Database;
  products: () => RecordStore<typeof ProductSchema>;
  imports: () => RecordStore<typeof ProductImportSchema>;
  services: () => RecordStores;
}

const MEDIA_TYPES: Record<string, ImportFormat> = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson' };

function formatOf(request: FastifyRequest): ImportFormat {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const format = MEDIA_TYPES[type];
  if (!format) throw new UnsupportedMediaTypeError(Object.keys(MEDIA_TYPES).join(' or '));
  return format;
}

/** The import an earlier upload with this Idempotency-Key made for this owner, if any. */
async function importOfKey(
  imports: RecordStore<typeof ProductImportSchema>,
  principal: Principal,
  owner: string | null,
  key: string,
): Promise<ProductImport | undefined> {
  const { docs } = await imports.listRecords(principal, { idempotencyKey: key, size: 100 });
  return docs.find((doc) => (doc.customerId ?? null) === owner) as ProductImport | undefined;
}

function accepted(reply: FastifyReply, record: ProductImport, replayed = false): FastifyReply {
  reply.code(202).header('location', `/product-imports/${record.id}`);
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.send(record);
}

/**
 * `POST /product-imports` (the file is streamed into the import's rows, then the job stores them) and
 * `GET /products/export` (streamed from a keyset cursor). DECISIONS §12, docs/catalog.md "Bulk import and export".
 */
export async function bulkCatalogueRoutes(untyped: FastifyInstance, options: BulkCatalogueOptions) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  for (const type of Object.keys(MEDIA_TYPES))
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));

  app.post('/product-imports', {
    config: {
      scope: 'catalog:write',
      idempotency: false,
      streamsBody: true,
      errorShape: 'detailed',
      accepts: Object.keys(MEDIA_TYPES),
    },
    schema: {
      operationId: 'createProductImport',
      tags: ['Bulk catalogue'],
      summary: 'Import products from an NDJSON or CSV file, as a job',
      description:
        'The file is read as it arrives (never held whole) and answered 202 with the QUEUED import and its `Location`; the import job then stores each row as `POST /products` (or, with `mode=upsert`, as `PUT` of the product with its publisherRefId) would, a refused row recorded with its line, field and message (`GET /product-imports/{id}/errors`) while the others go on. `dryRun=true` checks every row and stores nothing. The operator names the owner with `customerId`; a customer imports into its own catalogue. NDJSON: a product body a line. CSV: a header row, dotted columns for nested fields, `|` between list items, `,` or `;` separated, UTF-8 with or without BOM (docs/catalog.md lists every column). `Idempotency-Key`: the same key answers the same import again, without reading the body.',
      querystring: CreateImportQuerySchema,
      // The parser hands the body on as the stream it is: the route reads it at the pace it stores it.
      body: bodyByMediaType({
        'application/x-ndjson': Type.Unsafe<Readable>({
          description: 'one product body (as POST /products takes) a line',
        }),
        'text/csv': Type.Unsafe<Readable>({ description: 'a header row, then one product a row (docs/catalog.md)' }),
      }),
      response: {
        202: withHeaders(Ref(ProductImportSchema), 'location'),
        ...errorResponses('detailed', [400, 403, 404, 409, 413, 415]),
      },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const format = formatOf(request);
      const imports = options.imports();
      const owner = imports.ownerForCreate(principal, request.query.customerId);
      // The operator may name any customer: one that does not exist is a 404, not a catalogue nobody owns.
      if (owner && principal.isOperator)
        await options.services().named('customer').findVisible(options.db, principal, owner);
      const key = request.headers[IDEMPOTENCY_HEADER];
      const idempotencyKey = typeof key === 'string' && key !== '' ? key.slice(0, 255) : undefined;
      if (idempotencyKey) {
        const earlier = await importOfKey(imports, principal, owner, idempotencyKey);
        if (earlier) return accepted(reply, earlier, true);
      }
      const id = newId();
      const schema = schemaNodeOf(options.products().definition.schema);
      try {
        const rows = await stageUpload(options.db, id, format, request.body, schema, CHUNK_ROWS[options.db.kind]);
        const created = await options.db.transaction(async (tx) => {
          const record = await imports.create(
            principal,
            {
              ...(owner ? { customerId: owner } : {}),
              format,
              mode: request.query.mode ?? 'create',
              dryRun: request.query.dryRun ?? false,
              status: FIRST_IMPORT_STATUS,
              rows,
              processed: 0,
              created: 0,
              updated: 0,
              unchanged: 0,
              failed: 0,
              ...(idempotencyKey ? { idempotencyKey } : {}),
            },
            { tx, id },
          );
          await keepUploader(tx, id, principal);
          return record.doc as ProductImport;
        });
        return accepted(reply, created);
      } catch (error) {
        await dropRows(options.db, id);
        if (error instanceof ConflictError && idempotencyKey) {
          const earlier = await importOfKey(imports, principal, owner, idempotencyKey);
          if (earlier) return accepted(reply, earlier, true);
        }
        throw error;
      }
    },
  });

  app.get('/products/export', {
    config: { scope: 'catalog:read', errorShape: 'detailed' },
    schema: {
      operationId: 'exportProducts',
      tags: ['Bulk catalogue'],
      summary: 'Export products as NDJSON or CSV, streamed',
      description:
        'Every product the caller may see that the filters of `GET /products` (and `q`) match, oldest first, streamed: NDJSON (a product a line, as `GET /products/{id}` answers it) or CSV in the columns `POST /product-imports` reads. Importing the file again with `mode=upsert` changes nothing.',
      querystring: ExportQuerySchema,
      response: {
        200: {
          description: 'the products, as a file',
          content: {
            'application/x-ndjson': { schema: Type.Unsafe<Readable>({ type: 'string' }) },
            'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) },
          },
        },
        ...errorResponses('detailed', [400, 403]),
      },
    },
    handler: async (request, reply) => {
      const { format = 'ndjson', ...filters } = request.query;
      const products = options.products();
      // Checked before the first byte: a bad filter is a 400, not a cut stream.
      parseListingQuery(products.definition, filters);
      const stream = await exportStream(products, principalOf(request), filters, format);
      reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="products.${format === 'csv' ? 'csv' : 'ndjson'}"`);
      return reply.send(stream);
    },
  });
}
