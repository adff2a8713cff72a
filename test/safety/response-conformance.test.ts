import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponses, takeViolations } from '../support/response-conformance.js';

/** The checker every test app carries: what it flags. Violations are taken here, so the setup's own check stays quiet. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  checkResponses(app);
  app.addSchema({ $id: 'Thing', type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
  const response = { 200: { $ref: 'Thing#', headers: { etag: { type: 'string' } } }, 204: { type: 'null' } };
  app.get('/things/:mode', { schema: { response } as object }, async (request, reply) => {
    const { mode } = request.params as { mode: string };
    if (mode === 'teapot') return reply.code(418).send({ id: 'x' });
    if (mode === 'empty') return reply.code(204).send();
    if (mode === 'chatty') return reply.code(204).send('words');
    if (mode === 'no-etag') return { id: 'x' };
    if (mode === 'bad-body')
      return reply
        .header('etag', '"0"')
        .type('application/json')
        .send(JSON.stringify({ id: 5 }));
    return reply.header('etag', '"0"').send({ id: 'x' });
  });
  app.get('/hidden', { schema: { hide: true } }, async (_request, reply) => reply.code(418).send('no check'));
  await app.ready();
});
afterAll(() => app.close());

async function problems(url: string): Promise<string[]> {
  takeViolations();
  await app.inject({ method: 'GET', url });
  return takeViolations().map((v) => v.problem);
}

describe('response conformance checks', () => {
  it('passes a response that matches its declaration', async () => {
    expect(await problems('/things/fine')).toEqual([]);
    expect(await problems('/things/empty')).toEqual([]);
  });

  it('flags an undeclared status', async () => {
    expect(await problems('/things/teapot')).toEqual([expect.stringContaining('status 418 is not declared')]);
  });

  it('flags a missing declared header', async () => {
    expect(await problems('/things/no-etag')).toEqual(['declared header etag is missing']);
  });

  it('flags a body off its schema, and a body where none is declared', async () => {
    expect(await problems('/things/bad-body')).toEqual([expect.stringContaining('body/id must be string')]);
    expect(await problems('/things/chatty')).toEqual(['a body was sent where none is declared']);
  });

  it('leaves undocumented routes alone', async () => {
    expect(await problems('/hidden')).toEqual([]);
  });
});
