import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productKind } from '../../src/apis/catalog/product.kind.js';
import { parseListingQuery } from '../../src/platform/resource/sql/listing-query.js';
import { listRowVersions } from '../../src/platform/resource/sql/statements.js';
import { databaseUrl } from '../support/database-kind.js';
import { useApp } from '../support/fixture.js';
import { createProduct, type Json, unique } from './catalog-factories.js';

const { t, operator } = await useApp({ operator: true });

const page = async (token: string, query: string, path = '/products') => {
  const res = await t.request('GET', `${path}?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};
const ids = async (token: string, query: string, path = '/products') =>
  ((await page(token, query, path)).items as Json[]).map((item) => item.id);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET /products?q=', () => {
  it('finds a product by the words of its name or their starts, case and accents ignored', async () => {
    const { token } = await t.tenant();
    const word = unique('fjord').replace(/[^a-z0-9]/gi, '');
    const racer = await createProduct(t, token, { genericName: `${word} Racer` });
    await createProduct(t, token, { genericName: `${word} Cruiser` });
    expect(await ids(token, q(word))).toHaveLength(2);
    expect(await ids(token, q(`${word.slice(0, 8)} rac`))).toEqual([racer.id]);
    expect(await ids(token, q(`${word.toUpperCase().replace('O', 'Ö')} RACER`))).toEqual([racer.id]);
    expect(await ids(token, q(`${word} racers`))).toEqual([]);
  });

  it('finds "Fjord Racer" by "Fjord", "fjo rac" and "FJÖRD", and by its reference and code name', async () => {
    const { token } = await t.tenant();
    const racer = await createProduct(t, token, {
      genericName: 'Fjord Racer',
      publisherRefId: 'FR-2026-X',
      codeName: 'skagerrak',
    });
    for (const text of ['Fjord', 'fjo rac', 'FJÖRD', 'Fjørd racer', 'fr-2026', 'FR 2026 x', 'skager'])
      expect(await ids(token, q(text)), text).toEqual([racer.id]);
  });

  it("finds a product by its description's marketing name in another locale, and follows the description's changes", async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, {
      genericName: 'Plain Name',
      marketingName: { en: 'Northern Lights', fr: 'Aurore Boréale' },
      localizedShortDesc: { de: 'Schnelles Segelboot' },
    });
    expect(await ids(token, q('boreale aur'))).toEqual([product.id]);
    expect(await ids(token, q('segelboot'))).toEqual([product.id]);
    const description = await t.request('GET', `/descriptions/${product.descriptionId}`, token);
    const updated = await t.request('PUT', `/descriptions/${product.descriptionId}`, token, {
      ...(description.body as Json),
      localizedMarketingName: { en: 'Midnight Sun', fr: 'Soleil de Minuit' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await ids(token, q('boreale'))).toEqual([]);
    expect(await ids(token, q('minuit soleil'))).toEqual([product.id]);
    // The product's own record did not change: no new version.
    expect((await t.request('GET', `/products/${product.id}`, token).then((res) => res.body as Json)).dbVersion).toBe(
      0,
    );
  });

  it("finds a variant by its parent's name and description, and follows the parent's changes", async () => {
    const { token } = await t.tenant();
    const parent = await createProduct(t, token, {
      genericName: 'Glacier Kayak',
      marketingName: { sv: 'Glaciärkajak' },
    });
    const variant = await createProduct(t, token, { genericName: 'Red', variantOf: parent.id });
    expect(new Set(await ids(token, q('glacier kayak')))).toEqual(new Set([parent.id, variant.id]));
    expect(await ids(token, q('glacier red'))).toEqual([variant.id]);
    expect(new Set(await ids(token, q('glaciarkajak')))).toEqual(new Set([parent.id, variant.id]));
    const renamed = await t.request('PUT', `/products/${parent.id}`, token, {
      ...parent,
      genericName: 'Iceberg Kayak',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await ids(token, q('glacier red'))).toEqual([]);
    expect(await ids(token, q('iceberg red'))).toEqual([variant.id]);
  });

  it('finds a long word by any of its starts, past the 16 letters kept as starts too', async () => {
    const { token } = await t.tenant();
    const long = await createProduct(t, token, { genericName: 'Supercalifragilisticexpialidocious Suite' });
    await createProduct(t, token, { genericName: 'Supercalifragilisticexpiation Suite' });
    expect(await ids(token, q('supercal suite'))).toHaveLength(2);
    expect(await ids(token, q('Supercalifragilisticexpial'))).toEqual([long.id]);
    expect(await ids(token, q('supercalifragilisticexpialidociouss'))).toEqual([]);
    expect(await ids(token, q('"supercalifragilisticexpialidocious suite"'))).toEqual([long.id]);
  });

  it('reads "a phrase", -word and or as the description search does', async () => {
    const { token } = await t.tenant();
    const tag = unique('ph').replace(/[^a-z0-9]/gi, '');
    const one = await createProduct(t, token, { genericName: `${tag} Sea Racer Pro` });
    const two = await createProduct(t, token, { genericName: `${tag} Racer Sea` });
    expect(await ids(token, q(`${tag} "sea racer"`))).toEqual([one.id]);
    expect(await ids(token, q(`${tag} -pro`))).toEqual([two.id]);
    expect(new Set(await ids(token, q(`${tag} pro or sea`)))).toEqual(new Set([one.id, two.id]));
    const refused = await t.request('GET', `/products?${q('-pro')}`, token);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('querystring.q');
  });

  it('combines with the filters and counts every match exactly, past 100', async () => {
    const { token, customerId } = await t.tenant();
    const other = await t.tenant();
    const tag = unique('bulk').replace(/[^a-z0-9]/gi, '');
    for (let i = 0; i < 120; i += 1)
      await createProduct(t, token, {
        genericName: `${tag} Boat ${i}`,
        ...(i % 4 === 0 ? { status: 'DISABLED' } : {}),
      });
    await createProduct(t, other.token, { genericName: `${tag} Boat theirs` });
    const first = await page(token, `${q(`${tag} boat`)}&size=50`);
    expect(first).toMatchObject({ totalItems: 120, totalPages: 3 });
    const last = await page(token, `${q(`${tag} boat`)}&size=50&page=2`);
    expect(last.items).toHaveLength(20);
    expect(await page(token, `${q(tag)}&status=DISABLED&size=5`)).toMatchObject({ totalItems: 30 });
    expect(await page(operator, `${q(tag)}&customerId=${customerId}&size=5`)).toMatchObject({ totalItems: 120 });
    expect(await page(operator, `${q(tag)}&customerId=${other.customerId}`)).toMatchObject({ totalItems: 1 });
    // Another tenant's products never match.
    expect(await page(other.token, q(tag))).toMatchObject({ totalItems: 1 });
    expect(await page(token, `${q(`${tag} theirs`)}`)).toMatchObject({ totalItems: 0 });
  });

  it('answers the best matches first without sort, then the newest; sort wins when given', async () => {
    const { token } = await t.tenant();
    const tag = unique('rank').replace(/[^a-z0-9]/gi, '');
    const inText = await createProduct(t, token, {
      genericName: 'Harbour Tug',
      localizedLongDesc: { en: `A tug for the ${tag} harbour` },
    });
    const olderName = await createProduct(t, token, { genericName: `${tag} Tug` });
    const newerName = await createProduct(t, token, { genericName: `${tag} Tug two` });
    expect(await ids(token, q(tag))).toEqual([newerName.id, olderName.id, inText.id]);
    expect(await ids(token, `${q(tag)}&sort=createDate,asc`)).toEqual([inText.id, olderName.id, newerName.id]);
  });

  it('ranks a match by where all its words are: name, reference or code name, then marketing names, then a parent, then the texts; newest first within each', async () => {
    const { token } = await t.tenant();
    const tag = unique('tier').replace(/[^a-z0-9]/gi, '');
    const parent = await createProduct(t, token, { genericName: `${tag} Mother` });
    const variant = await createProduct(t, token, { genericName: 'Red', variantOf: parent.id });
    const marketed = await createProduct(t, token, { genericName: 'Plain', marketingName: { en: `${tag} Boat` } });
    const inText = await createProduct(t, token, {
      genericName: 'Tug',
      localizedLongDesc: { en: `${tag} ${tag} ${tag}` },
    });
    const named = await createProduct(t, token, { genericName: `${tag} Tug` });
    // "tug" in the name and the tag in the text only: every word must be found in the tier's fields.
    expect(await ids(token, q(tag))).toEqual([named.id, parent.id, marketed.id, variant.id, inText.id]);
    expect(await ids(token, q(`${tag} tug`))).toEqual([named.id, inText.id]);
  });

  it('serves a page read again from the ids kept under the generation, and reads it afresh after any write of the owner', async () => {
    const { token } = await t.tenant();
    const tag = unique('kept').replace(/[^a-z0-9]/gi, '');
    const first = await createProduct(t, token, { genericName: `${tag} One` });
    const second = await createProduct(t, token, { genericName: `${tag} Two` });
    const read = () => page(token, `${q(tag)}&size=1`);
    expect(await read()).toMatchObject({ totalItems: 2, items: [{ id: second.id }] });
    expect(await read()).toMatchObject({ totalItems: 2, items: [{ id: second.id }] });
    const third = await createProduct(t, token, { genericName: `${tag} Three` });
    expect(await read()).toMatchObject({ totalItems: 3, items: [{ id: third.id }] });
    // A change of the kept row itself: the page shows the current document, or leaves the row when it no longer matches.
    const renamed = await t.request('PUT', `/products/${third.id}`, token, { ...third, genericName: `${tag} Drei` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await read()).toMatchObject({ totalItems: 3, items: [{ id: third.id, genericName: `${tag} Drei` }] });
    const away = await t.request('PUT', `/products/${third.id}`, token, {
      ...(renamed.body as Json),
      genericName: 'Elsewhere',
    });
    expect(away.status, JSON.stringify(away.body)).toBe(200);
    expect(await read()).toMatchObject({ totalItems: 2, items: [{ id: second.id }] });
    expect(await page(token, `${q(tag)}&size=1&page=1`)).toMatchObject({ items: [{ id: first.id }] });
  });

  it('serves q on GET /priced-products and GET /products/inherited', async () => {
    const { token } = await t.tenant();
    const tag = unique('priced').replace(/[^a-z0-9]/gi, '');
    const product = await createProduct(t, token, { genericName: `${tag} Ferry` });
    await createProduct(t, token, { genericName: `${tag} Barge` });
    expect(await ids(token, `${q(`${tag} fer`)}&country=FR&currency=EUR`, '/priced-products')).toEqual([product.id]);
    expect(await ids(token, q(`${tag} fer`), '/products/inherited')).toEqual([product.id]);
  });

  it('gives products stored before word search their words when the service starts', async () => {
    const { token } = await t.tenant();
    const tag = unique('old').replace(/[^a-z0-9]/gi, '');
    const product = await createProduct(t, token, { genericName: `${tag} Schooner` });
    await t.built.db.query('UPDATE products SET words = NULL WHERE id = $1', [product.id]);
    expect(await ids(token, q(tag))).toEqual([]);
    const products = t.built.services.of(productKind) as unknown as { indexMissingWords(): Promise<number> };
    expect(await products.indexMissingWords()).toBeGreaterThanOrEqual(1);
    expect(await ids(token, q(`${tag} schoon`))).toEqual([product.id]);
  });

  it('finds products whose words were stored without their starts once migration 0022 and the start have run', async () => {
    const { token } = await t.tenant();
    const tag = unique('pre').replace(/[^a-z0-9]/gi, '');
    const product = await createProduct(t, token, { genericName: `${tag} Ketch` });
    // The words as stored before word starts: the words alone.
    await t.built.db.query(`UPDATE products SET words = $2::tsvector WHERE id = $1`, [
      product.id,
      `'${tag}':1A 'ketch':2A`,
    ]);
    expect(await ids(token, q(`${tag} ket`))).toEqual([]);
    const migration = readFileSync(new URL('../../migrations/0022_word_starts.sql', import.meta.url), 'utf8');
    await t.built.db.query(migration);
    const products = t.built.services.of(productKind) as unknown as { indexMissingWords(): Promise<number> };
    expect(await products.indexMissingWords()).toBeGreaterThanOrEqual(1);
    expect(await ids(token, q(`${tag} ket`))).toEqual([product.id]);
  });

  it.runIf(databaseUrl.startsWith('postgres'))('is answered through the words index on PostgreSQL', async () => {
    // The operator's listing, where nothing narrows the rows but the words (a tenant's few test rows would be read
    // through the tenant index; bench/product-search.bench.ts shows a tenant's plan at 100,000 products).
    const listing = parseListingQuery(productKind, { q: 'fjo rac' });
    const statement = listRowVersions(productKind, listing, { all: true });
    const plan = await t.built.db.transaction(async (tx) => {
      // The test table is small: let the planner show the index it can use rather than a scan of a few pages.
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_words_idx');
  });
});
