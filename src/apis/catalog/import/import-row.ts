import type { Principal } from '../../../platform/auth/principal.js';
import type { Transaction } from '../../../platform/db/database.js';
import { DomainError } from '../../../platform/errors/domain-errors.js';
import type { Doc, RecordStore } from '../../../platform/resource/declare.js';
import type { BodyProblem } from '../../../platform/resource/shapes.js';
import { DESCRIPTION_MAPS_OF_PRODUCT, type ProductSchema } from '../product.schema.js';
import { storedByReference } from '../product-import.js';
import type { ImportMode } from './product-import.schema.js';

/** What one row came to: a product written, one found unchanged, or the reason it was refused. */
export type RowOutcome = 'created' | 'updated' | 'unchanged' | BodyProblem;

/** What every row of one import shares. */
export interface RowContext {
  tx: Transaction;
  principal: Principal;
  products: RecordStore<typeof ProductSchema>;
  /** The owner of the imported products: a customer, or the operator (undefined). */
  owner: string | undefined;
  mode: ImportMode;
  validate: (body: Doc) => BodyProblem | undefined;
  /** True while the process answers requests: the import then gives way to them (row-batches.ts). */
  busy: () => boolean;
}

/** The row's own parent reference (DECISIONS §12): the parent's publisherRefId, in the store or earlier in the file. */
const PARENT_REFERENCE = 'variantOfPublisherRefId';

/** A refusal as the row's error: the field a 400 would name, else the body. */
function problemOf(error: DomainError): BodyProblem {
  const field = error.detail.specific?.field;
  return { field: typeof field === 'string' ? field : 'body', message: error.message };
}

/** The body the row asks for, its parent named by id and its owner the import's; or why not. */
async function bodyOf(ctx: RowContext, row: Doc): Promise<{ body: Doc } | { problem: BodyProblem }> {
  const { [PARENT_REFERENCE]: parentReference, ...body } = row;
  if (body.customerId !== undefined && body.customerId !== ctx.owner)
    return {
      problem: {
        field: 'body.customerId',
        message: `body.customerId must be the import's customer (${ctx.owner ?? 'the operator'}): a row is stored in the catalogue the import names`,
      },
    };
  if (ctx.owner !== undefined) body.customerId = ctx.owner;
  if (parentReference === undefined) return { body };
  const field = `body.${PARENT_REFERENCE}`;
  if (typeof parentReference !== 'string' || parentReference === '')
    return { problem: { field, message: `${field} must be the publisherRefId of the parent product` } };
  const parent = await storedByReference(ctx.products, ctx.principal, ctx.tx, ctx.owner, parentReference);
  if (!parent)
    return {
      problem: {
        field,
        message: `${field} names no product of this catalogue (nor of an earlier row of the file): ${JSON.stringify(parentReference)}`,
      },
    };
  return { body: { ...body, variantOf: String(parent.id) } };
}

/** Fields whose texts a write moves to the product's description: a row holding them writes more than its product. */
const TEXT_FIELDS = Object.keys(DESCRIPTION_MAPS_OF_PRODUCT);

/**
 * A row one `createMany` can store with others (row-batches.ts): a new product that names no parent by reference
 * and writes no description, with its owner set; a refusal found without the database is the row's outcome too.
 * Undefined for a row that must be imported alone (`importRow`). `taken` holds the references of this owner's
 * stored products and of the rows batched before: a row naming one of those is an update, or a duplicate, and goes
 * alone, after them.
 */
export function batchableRow(
  ctx: RowContext,
  row: Doc,
  taken: ReadonlySet<string>,
): { body: Doc } | BodyProblem | undefined {
  if (row[PARENT_REFERENCE] !== undefined || TEXT_FIELDS.some((field) => row[field] !== undefined)) return undefined;
  if (typeof row.publisherRefId === 'string' && taken.has(row.publisherRefId)) return undefined;
  if (row.customerId !== undefined && row.customerId !== ctx.owner) return undefined;
  const body: Doc = ctx.owner === undefined ? { ...row } : { ...row, customerId: ctx.owner };
  return ctx.validate(body) ?? { body };
}

/**
 * The body an update of the row's product takes, when it is one `importRow` reaches without the database: no parent
 * named by reference, no description texts (their hook writes), its owner the import's, valid. Undefined otherwise
 * (the row goes through `importRow`, which answers its refusal).
 */
export function simpleUpdateBody(ctx: RowContext, row: Doc): Doc | undefined {
  if (row[PARENT_REFERENCE] !== undefined || TEXT_FIELDS.some((field) => row[field] !== undefined)) return undefined;
  if (row.customerId !== undefined && row.customerId !== ctx.owner) return undefined;
  const body: Doc = ctx.owner === undefined ? { ...row } : { ...row, customerId: ctx.owner };
  return ctx.validate(body) === undefined ? body : undefined;
}

/**
 * Stores one row as one create (or, upserting, one update of the product with its publisherRefId) would, with every
 * rule of those; a refusal is the row's outcome, not an error. Runs inside a savepoint the caller rolls back when the
 * outcome is a refusal, so nothing of a refused row stays.
 */
export async function importRow(ctx: RowContext, row: Doc, storedId?: string): Promise<RowOutcome> {
  const asked = await bodyOf(ctx, row);
  if ('problem' in asked) return asked.problem;
  const { body } = asked;
  const problem = ctx.validate(body);
  if (problem) return problem;
  try {
    const existing =
      ctx.mode === 'upsert' && typeof body.publisherRefId === 'string'
        ? (storedId ??
          (await storedByReference(ctx.products, ctx.principal, ctx.tx, ctx.owner, body.publisherRefId))?.id)
        : undefined;
    if (existing === undefined) {
      await ctx.products.create(ctx.principal, body, { tx: ctx.tx });
      return 'created';
    }
    const written = await ctx.products.update(ctx.principal, String(existing), body, {
      tx: ctx.tx,
      keepUnchanged: true,
    });
    return written.unchanged ? 'unchanged' : 'updated';
  } catch (error) {
    if (error instanceof DomainError) return problemOf(error);
    throw error;
  }
}
