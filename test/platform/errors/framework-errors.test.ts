import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture.js';
import { expectSimpleError, TERMS } from '../../terms/terms-factories.js';

/** Errors Fastify raises before routing reach `frameworkErrorHandler`'s handler through the app's `frameworkErrors` option. */
const { t, operator } = await useApp({ operator: true });

describe('ids the router cannot take', () => {
  it.each([
    ['longer than the router accepts', 'x'.repeat(5000)],
    ['with a broken percent-encoding', '%E0%A4%A'],
    ['encoding an unpaired surrogate', '%ED%A0%80'],
  ])('answers 404 in the simple shape for an id %s', async (_name, id) => {
    const get = await t.request('GET', `/terms/${id}`, operator);
    expectSimpleError(get, 404, 'the id is malformed or too long');
    expect((get.body as any).path).toBe(`/terms/${id}`);
    expectSimpleError(await t.request('PUT', `/terms/${id}`, operator, TERMS.body()), 404);
  });

  it('looks up ids of up to 1024 characters, and refuses longer ones at the router', async () => {
    expectSimpleError(await t.request('GET', `/terms/${'x'.repeat(1024)}`, operator), 404, 'was not found');
    expectSimpleError(
      await t.request('GET', `/terms/${'x'.repeat(1025)}`, operator),
      404,
      'the id is malformed or too long',
    );
  });

  it('still serves ids of ordinary length', async () => {
    const created = await t.request('POST', '/terms', operator, TERMS.body());
    expect((await t.request('GET', `/terms/${(created.body as any).id}`, operator)).body).toEqual(created.body);
  });
});
