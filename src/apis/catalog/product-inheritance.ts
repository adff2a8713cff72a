import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import type { Doc, RecordStore } from '../../platform/resource/declare.js';
import type { ProductSchema } from './product.schema.js';

/** Fields that say which record this is, not what it sells: a variant never takes them from its parent. */
export const NEVER_INHERITED: ReadonlySet<string> = new Set([
  'id',
  'createDate',
  'updateDate',
  'dbVersion',
  'customerId',
  'publisherRefId',
  'parentId',
  'variantOf',
  'var',
  'remoteVariant',
  'nextGenerationOf',
  'originalId',
  'lastUpdateReason',
  'variationList',
]);

/** A chain of parents longer than this is cut (shift-variant refuses cycles; this also bounds a corrupt chain). */
export const MAX_VARIANT_DEPTH = 20;

/**
 * The product with every top-level field it leaves unset (absent) taken from the nearest ancestor that sets it. A map
 * or an object (prices, visualTags) is taken whole, never merged: a variant with its own prices sells at its prices only.
 */
export function withInherited(product: Doc, ancestors: Doc[]): Doc {
  const out: Doc = { ...product };
  for (const ancestor of ancestors) {
    for (const [field, value] of Object.entries(ancestor)) {
      if (!NEVER_INHERITED.has(field) && out[field] === undefined && value !== undefined) out[field] = value;
    }
  }
  return out;
}

/** Reads parents once per request. */
export class AncestorReader {
  private readonly seen = new Map<string, Doc | null>();

  constructor(
    private readonly products: RecordStore<typeof ProductSchema>,
    private readonly principal: Principal,
    private readonly db: Queryable,
  ) {}

  remember(doc: Doc): void {
    this.seen.set(String(doc.id), doc);
  }

  private async read(id: string): Promise<Doc | null> {
    if (!this.seen.has(id)) {
      try {
        this.seen.set(id, this.products.present((await this.products.findVisible(this.db, this.principal, id)).doc));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        this.seen.set(id, null);
      }
    }
    return this.seen.get(id) ?? null;
  }

  /** The parent, its parent, ... nearest first; stops at an invisible parent, a loop or `MAX_VARIANT_DEPTH`. */
  async ancestorsOf(product: Doc): Promise<Doc[]> {
    const chain: Doc[] = [];
    const visited = new Set([String(product.id)]);
    let parentId = product.parentId;
    while (typeof parentId === 'string' && !visited.has(parentId) && chain.length < MAX_VARIANT_DEPTH) {
      visited.add(parentId);
      const parent = await this.read(parentId);
      if (!parent) break;
      chain.push(parent);
      parentId = parent.parentId;
    }
    return chain;
  }
}
