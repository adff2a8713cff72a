import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productResource } from '../../../src/apis/catalog/product.resource.js';
import { listAll } from '../../../src/apis/catalog/product-queries.js';
import { SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { PreparedStatementNames } from '../../../src/platform/db/prepared-statements.js';
import { createProduct } from '../../catalog/catalog-factories.js';
import { onPostgres } from '../../support/database-kind.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** The statements prepared on the connection of one transaction, after it read two products by id and one by key. */
async function preparedAfterReads(t: TestApp): Promise<{ name: string; statement: string }[]> {
  const { id } = (await createProduct(t, await t.operator(), { genericName: 'Prepared' })) as { id: string };
  return t.built.db.transaction(async (tx) => {
    const products = t.built.services.of(productResource);
    for (let run = 0; run < 2; run++) {
      expect((await products.getMany(SYSTEM_PRINCIPAL, [id], { db: tx })).get(id)?.genericName).toBe('Prepared');
      expect((await products.get(SYSTEM_PRINCIPAL, id, { db: tx })).doc.genericName).toBe('Prepared');
    }
    return (
      await tx.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
      )
    ).rows;
  });
}

describe.skipIf(!onPostgres)(
  'named prepared statements for the engine reads by id and domain listings (PostgreSQL)',
  () => {
    let on: TestApp;
    let off: TestApp;
    beforeAll(async () => {
      [on, off] = await Promise.all([startTestApp(), startTestApp({ DATABASE_PREPARED_STATEMENTS: 'off' })]);
    });
    afterAll(async () => {
      await Promise.all([on?.close(), off?.close()]);
    });

    it('prepares each read by id once on a connection and answers from it', async () => {
      const prepared = await preparedAfterReads(on);
      const reads = prepared.filter((p) => p.name.startsWith('engine_') && p.statement.includes(' products'));
      expect(reads.map((p) => p.statement)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('WHERE id = $1 AND TRUE'),
          expect.stringContaining('FROM unnest($1::text[], $2::text[])'),
        ]),
      );
    });

    it('prepares the listings domain code asks for (listAll), and not a listing a request shapes', async () => {
      const publisherRefId = `REF-prepared-${Date.now()}`;
      await createProduct(on, await on.operator(), { genericName: 'Listed', publisherRefId });
      const products = on.built.services.of(productResource);
      const listings = await on.built.db.transaction(async (tx) => {
        for (let run = 0; run < 2; run++) {
          expect((await listAll(products, SYSTEM_PRINCIPAL, tx, { publisherRefId })).map((p) => p.genericName)).toEqual(
            ['Listed'],
          );
          // As GET /products?publisherRefId=...&sort=updateDate,desc asks for it.
          expect(
            (
              await products.listRecords(SYSTEM_PRINCIPAL, { publisherRefId, sort: ['updateDate,desc'] }, undefined, {
                db: tx,
              })
            ).docs,
          ).toHaveLength(1);
        }
        return (
          await tx.query<{ statement: string }>(
            // Listings page with OFFSET (the start-up's claim of records without words does not).
            `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'engine_%' AND statement LIKE '%FROM products WHERE%LIMIT%OFFSET%'`,
          )
        ).rows;
      });
      expect(listings.map((p) => p.statement)).toEqual([expect.stringContaining('ORDER BY create_date ASC')]);
    });

    it('prepares nothing with DATABASE_PREPARED_STATEMENTS=off (behind pgbouncer 1.18)', async () => {
      expect((await preparedAfterReads(off)).filter((p) => p.name.startsWith('engine_'))).toEqual([]);
    });
  },
);

describe('names of prepared statements', () => {
  it('gives one text one name, and stops naming at 500 texts (later ones run unnamed)', () => {
    const names = new PreparedStatementNames();
    expect(names.nameOf('SELECT 1')).toBe(names.nameOf('SELECT 1'));
    expect(names.nameOf('SELECT 2')).not.toBe(names.nameOf('SELECT 1'));
    for (let n = 3; n <= 500; n++) names.nameOf(`SELECT ${n}`);
    expect(names.nameOf('SELECT 501')).toBeUndefined();
    expect(names.nameOf('SELECT 7')).toBeDefined();
  });
});
