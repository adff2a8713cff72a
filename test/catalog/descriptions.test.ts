import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { expectDetailedError, type Json, unique } from './catalog-factories.js';

const { t } = await useApp();

function descriptionBody(overrides: Json = {}): Json {
  return {
    description: unique('texts'),
    localizedMarketingName: { en: 'Photo Studio', fr: 'Studio Photo' },
    ...overrides,
  };
}

async function createDescription(token: string, overrides: Json = {}): Promise<Json> {
  const res = await t.request('POST', '/descriptions', token, descriptionBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Json;
}

const search = (token: string, query: string) => t.request('GET', `/descriptions/search?${query}`, token);
const foundIds = async (token: string, query: string) => {
  const res = await search(token, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ((res.body as Json).items as Json[]).map((item) => item.id);
};

describe('descriptions', () => {
  it('answers the flat texts in fallbackLocale, in the language alone, else in the first locale, and keeps them in step on update', async () => {
    const { token } = await t.tenant();
    const created = await createDescription(token, {
      fallbackLocale: 'fr_CA',
      localizedMarketingName: { en: 'Photo Studio', fr: 'Studio Photo' },
      localizedLongDesc: { de: 'Bilder bearbeiten' },
      localizedBulletPoints: { en: '- fast' },
      variableDescriptions: [
        {
          label: 'Edition',
          labels: { fr: 'Édition' },
          variableValueDescriptions: [{ descValue: 'home', description: 'Home use', localizedValue: { fr: 'Maison' } }],
        },
      ],
    });
    expect(created).toMatchObject({ marketingName: 'Studio Photo', longDesc: 'Bilder bearbeiten', dbVersion: 0 });
    expect(created.shortDesc).toBeUndefined();
    const updated = await t.request('PUT', `/descriptions/${created.id}`, token, {
      ...created,
      marketingName: 'ignored',
      fallbackLocale: 'en',
      localizedShortDesc: { en: 'Edit photos' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      marketingName: 'Photo Studio',
      shortDesc: 'Edit photos',
      longDesc: 'Bilder bearbeiten',
      dbVersion: 1,
    });
  });

  it('answers 400 in the detailed shape without localizedMarketingName or description, and 412 for a stale dbVersion', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/descriptions', token, { description: 'x' }),
      400,
      'VALIDATION',
      'localizedMarketingName',
    );
    expectDetailedError(
      await t.request('POST', '/descriptions', token, { localizedMarketingName: { en: 'x' } }),
      400,
      'VALIDATION',
      'description',
    );
    const created = await createDescription(token);
    expect((await t.request('PUT', `/descriptions/${created.id}`, token, created)).status).toBe(200);
    expectDetailedError(await t.request('PUT', `/descriptions/${created.id}`, token, created), 412, 'STALE_VERSION');
  });

  it('lists with the customerId, catalogId and fallbackLocale filters', async () => {
    const { token } = await t.tenant();
    const catalogId = unique('cat');
    const a = await createDescription(token, { catalogId, fallbackLocale: 'en' });
    const b = await createDescription(token, { catalogId, fallbackLocale: 'fr' });
    const res = await t.request('GET', `/descriptions?catalogId=${catalogId}&sort=createDate,asc`, token);
    expect(((res.body as Json).items as Json[]).map((item) => item.id)).toEqual([a.id, b.id]);
    const french = await t.request('GET', `/descriptions?catalogId=${catalogId}&fallbackLocale=fr`, token);
    expect(((french.body as Json).items as Json[]).map((item) => item.id)).toEqual([b.id]);
  });
});

describe('GET /descriptions/search', () => {
  it('finds words in any localized text, stemmed in the text’s language, best match first', async () => {
    const { token } = await t.tenant();
    const tag = unique('w').replace('-', '');
    const strong = await createDescription(token, { localizedMarketingName: { fr: `Chevaux ${tag}` } });
    const weak = await createDescription(token, {
      localizedMarketingName: { en: 'Other' },
      localizedLongDesc: { fr: `Un livre sur les chevaux ${tag}` },
    });
    await createDescription(token, { localizedMarketingName: { en: `Cats ${tag}` } });
    expect(await foundIds(token, `req=${encodeURIComponent(`cheval ${tag}`)}`)).toEqual([strong.id, weak.id]);
  });

  it("never finds another tenant's descriptions", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const tag = unique('w').replace('-', '');
    await createDescription(owner.token, { localizedMarketingName: { en: `Secret ${tag}` } });
    expect(await foundIds(other.token, `req=${tag}`)).toEqual([]);
    expect(await foundIds(owner.token, `req=${tag}`)).toHaveLength(1);
  });

  it('answers 400 without the req text', async () => {
    const { token } = await t.tenant();
    expectDetailedError(await search(token, 'size=5'), 400, 'VALIDATION', 'req');
  });
});
