import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/platform/db/migrate.js';
import { useApp } from '../../support/fixture.js';
import { unique } from '../../support/unique.js';

/**
 * Migration 0010 repairs rows written before derived records inherited their source's owner: a customer's
 * notification about another customer's event becomes the operator's, documents name the owner their rows have, and
 * a kept mail copy follows its notification. Checked by rewinding the migration over rows written the old way.
 */
const { t } = await useApp();

async function insertNotification(id: string, owner: string | null, doc: Record<string, unknown>) {
  await t.built.db.query(
    `INSERT INTO notifications (id, customer_id, db_version, create_date, update_date, doc, event_id, definition_id, receiver_id, status, tries, max_tries, next_try_at)
     VALUES ($1, $2, 0, now(), now(), $3::jsonb, $4, 'definition', 'receiver', 'PENDING', 0, 8, now())`,
    [
      id,
      owner,
      JSON.stringify({
        id,
        createDate: '2026-01-01T00:00:00.000Z',
        updateDate: '2026-01-01T00:00:00.000Z',
        dbVersion: 0,
        status: 'PENDING',
        notificationDefinitionId: 'definition',
        notificationReceiverId: 'receiver',
        retryCount: 0,
        retryLeft: 7,
        errors: [],
        ...doc,
      }),
      unique('event'),
    ],
  );
}

describe('migration 0010_derived_record_owners', () => {
  it("gives the operator a customer's notification about another customer's event, and the mail copy with it", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const leaked = unique('leaked');
    const own = unique('own');
    const mail = unique('mail');
    await insertNotification(leaked, a.customerId, {
      customerId: a.customerId,
      processedEvent: { customerId: b.customerId, fact: 'updated' },
      mailStorageId: mail,
    });
    await insertNotification(own, a.customerId, { processedEvent: { customerId: a.customerId, fact: 'updated' } });
    await t.built.db.query(
      `INSERT INTO assets (id, content_hash, filename, content_type, size, customer_id, create_date) VALUES ($1, $1, 'n.eml', 'message/rfc822', 1, $2, now())`,
      [mail, a.customerId],
    );
    const listed = async () =>
      ((await t.request<{ items: { id: string }[] }>('GET', '/notifications?size=500', a.token)).body.items ?? [])
        .map((item) => item.id)
        .sort();
    expect(await listed()).toEqual([leaked, own].sort());

    // 0010 marks the notifications' filter keys as made from other declarations; the generated 0014 recomputes them.
    const rewound = ['0010_derived_record_owners', '0014_declared_storage'];
    await t.built.db.query(`DELETE FROM schema_migrations WHERE version = ANY($1::text[])`, [rewound]);
    expect(await migrate(t.built.db, t.config.databaseSchema)).toEqual(rewound);

    expect(await listed()).toEqual([own]);
    const operator = await t.operator();
    const repaired = await t.request<Record<string, unknown>>('GET', `/notifications/${leaked}`, operator);
    expect(repaired.status).toBe(200);
    expect(repaired.body.customerId).toBeUndefined();
    expect((await t.request<Record<string, unknown>>('GET', `/notifications/${own}`, a.token)).body.customerId).toBe(
      a.customerId,
    );
    expect(
      (
        await t.request<{ items: { id: string }[] }>('GET', `/notifications?status=PENDING&size=500`, a.token)
      ).body.items.map((item) => item.id),
    ).toEqual([own]);
    const { rows } = await t.built.db.query<{ customer_id: string | null }>(
      'SELECT customer_id FROM assets WHERE id = $1',
      [mail],
    );
    expect(rows[0]!.customer_id).toBeNull();
  });
});

describe('migration 0011_private_assets', () => {
  it('makes the kept copies of sent e-mails private, and leaves other assets public', async () => {
    const a = await t.tenant();
    const copy = unique('copy');
    const upload = unique('upload');
    await insertNotification(unique('mailed'), a.customerId, {
      customerId: a.customerId,
      processedEvent: { customerId: a.customerId },
      mailStorageId: copy,
    });
    for (const id of [copy, upload])
      await t.built.db.query(
        `INSERT INTO assets (id, content_hash, filename, content_type, size, customer_id, create_date) VALUES ($1, $1, 'f', 'text/plain', 1, $2, now())`,
        [id, a.customerId],
      );
    await t.built.db.query(`UPDATE assets SET private = false WHERE id = ANY($1::text[])`, [[copy, upload]]);
    await t.built.db.query(`DELETE FROM schema_migrations WHERE version = '0011_private_assets'`);
    expect(await migrate(t.built.db, t.config.databaseSchema)).toEqual(['0011_private_assets']);
    const { rows } = await t.built.db.query<{ id: string; private: boolean }>(
      'SELECT id, private FROM assets WHERE id = ANY($1::text[]) ORDER BY id',
      [[copy, upload]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.private]))).toEqual({ [copy]: true, [upload]: false });
  });
});
