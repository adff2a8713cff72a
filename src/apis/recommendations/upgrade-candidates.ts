import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { productResource } from '../catalog/product.resource.js';
import { listAll } from '../catalog/product-queries.js';
import type { Trigger } from './rule-selection.js';

/**
 * For each trigger, the visible products whose `nextGenerationOf` names it, newest first: what an UPGRADE rule
 * recommends besides the products it lists.
 */
export async function nextGenerationsOf(
  services: RecordStores,
  principal: Principal,
  db: Queryable,
  triggers: Trigger[],
): Promise<Map<string, string[]>> {
  const ids = [...new Set(triggers.map((trigger) => trigger.productId))];
  const newer = await listAll(services.of(productResource), principal, db, { nextGenerationOf: ids });
  const found = new Map<string, string[]>();
  for (const product of [...newer].reverse()) {
    for (const older of product.nextGenerationOf ?? [])
      if (ids.includes(older)) found.set(older, [...(found.get(older) ?? []), String(product.id)]);
  }
  return found;
}
