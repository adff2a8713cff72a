import Type, { type Static } from 'typebox';
import { InvalidStateError, ValidationError } from '../../../src/platform/errors/domain-errors.js';
import { defineResource } from '../../../src/platform/resource/declare/resource-definition.js';
import { defineView } from '../../../src/platform/resource/declare/resource-view.js';
import { Obj, StringMap, sharedFields } from '../../../src/platform/schema-types.js';

/**
 * Test-only kinds for the engine's second edition: every storage feature, declared actions, a chosen set of
 * operations, a record key other than `id`, epoch-millisecond dates, and a view.
 */
export const WidgetSchema = Obj(
  {
    ...sharedFields,
    code: Type.String({ maxLength: 80 }),
    title: Type.String({ maxLength: 200 }),
    localizedDesc: Type.Optional(StringMap(Type.String({ maxLength: 2000 }))),
    status: Type.Optional(Type.String({ enum: ['ACTIVE', 'ARCHIVED'] })),
    size: Type.Optional(Type.Integer()),
  },
  { $id: 'TestWidget', title: 'Widget (test resource)' },
);
type Widget = Static<typeof WidgetSchema>;

/** Counts after-commit calls, so tests see that they follow commits only. */
export const committed: string[] = [];

const ImportQuery = Type.Object({ dryRun: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const RenameBody = Obj(
  { ids: Type.Array(Type.String(), { minItems: 1, maxItems: 50 }), prefix: Type.String({ maxLength: 20 }) },
  { $id: 'TestWidgetRename' },
);
const TwinParams = Type.Object({ suffix: Type.String({ maxLength: 20 }) });

export const widgetResource = defineResource({
  name: 'widget',
  displayName: 'widget',
  path: '/widgets',
  table: 'test_widgets',
  schema: WidgetSchema,
  scopeArea: 'catalog',
  tag: 'Test',
  errorShape: 'detailed',
  operations: {
    list: 'listWidgets',
    create: 'createWidget',
    get: 'getWidget',
    update: 'updateWidget',
    delete: 'deleteWidget',
    recap: 'recapWidgets',
  },
  key: { param: 'widgetId' },
  filters: { code: { kind: 'string' }, status: { kind: 'string' }, customerId: { kind: 'string' } },
  history: true,
  // Every widget test reads through the document cache; engine-document-cache.test.ts checks what it may not do.
  cache: { megabytes: 1 },
  search: { fields: ['title', 'localizedDesc'], operationId: 'searchWidgets', textParam: 'req' },
  unique: [{ fields: ['customerId', 'code'] }],
  hooks: {
    afterCommit(doc) {
      committed.push(`${doc.id}:${doc.dbVersion}`);
    },
  },
  actions: [
    {
      on: 'record',
      path: 'archive',
      operationId: 'archiveWidget',
      summary: 'Archive a widget',
      fact: 'archived',
      async change({ record }) {
        if (record.status === 'ARCHIVED') throw new InvalidStateError(`widget ${record.id} is ARCHIVED already`);
        return { record: { ...record, status: 'ARCHIVED' } };
      },
    },
    {
      on: 'record',
      path: 'twin/:suffix',
      method: 'GET',
      operationId: 'twinWidget',
      summary: 'What a copy of the widget would look like',
      params: TwinParams,
      async run({ record, params }) {
        return { ...record, code: `${record.code}-${params.suffix}` };
      },
    },
    {
      on: 'collection',
      path: 'import',
      operationId: 'importWidget',
      summary: 'Create a widget, or with dryRun check it and store nothing',
      query: ImportQuery,
      body: WidgetSchema,
      status: 201,
      async run({ principal, body, query, tx, records, discard }) {
        const created = await records.create(principal, body as Widget, { tx });
        if (query.dryRun) discard();
        return created.doc;
      },
    },
    {
      on: 'collection',
      path: 'rename',
      method: 'PUT',
      operationId: 'renameWidgets',
      summary: 'Prefix the titles of several widgets, all or nothing',
      body: RenameBody,
      response: Type.Array(Type.Unknown()),
      async run({ principal, body, tx, records }) {
        const { ids, prefix } = body as Static<typeof RenameBody>;
        const renamed = [];
        for (const id of ids) {
          const { doc } = await records.act(
            principal,
            id,
            (widget) => ({ ...widget, title: `${prefix}${widget.title}` }),
            { tx },
          );
          if (doc.title.length > 200)
            throw new ValidationError(`widget ${id} title would be longer than 200 characters`);
          renamed.push(doc);
        }
        return renamed;
      },
    },
  ],
});

/** Epoch-ms dates, looked up by name, and no update or delete. */
export const LedgerSchema = Obj(
  {
    ...sharedFields,
    createDate: Type.Optional(Type.Integer({ readOnly: true })),
    updateDate: Type.Optional(Type.Integer({ readOnly: true })),
    name: Type.String({ minLength: 1, maxLength: 64 }),
    balance: Type.Optional(Type.Number()),
  },
  { $id: 'TestLedger', title: 'Ledger (test resource)' },
);

export const ledgerResource = defineResource({
  name: 'ledger',
  displayName: 'ledger',
  path: '/ledgers',
  table: 'test_ledgers',
  schema: LedgerSchema,
  scopeArea: 'subscriptions',
  sharedOperatorRecords: "test kind: the operator's ledgers are read by every tenant, as subscription models are",
  tag: 'Test',
  operations: { list: 'listLedgers', create: 'createLedger', get: 'getLedger' },
  key: { param: 'name', field: 'name' },
  unique: [{ fields: ['customerId', 'name'] }],
  dates: 'epoch-ms',
  filters: { customerId: { kind: 'string' } },
  pageFields: { schema: { format: Type.String() }, values: { format: 'ledger-v1' } },
  actions: [
    {
      on: 'collection',
      path: '/ledger-totals',
      method: 'GET',
      operationId: 'totalLedgers',
      summary: 'The sum of the visible balances (a path of its own, not below /ledgers)',
      query: Type.Object(
        { customerId: Type.Optional(Type.String({ maxLength: 64 })) },
        { additionalProperties: false },
      ),
      response: Type.Object({ total: Type.Number(), ledgers: Type.Integer() }),
      async run({ principal, records, query }) {
        const { docs, total } = await records.listRecords(principal, { ...query, size: 500 });
        return { total: docs.reduce((sum, doc) => sum + (doc.balance ?? 0), 0), ledgers: total };
      },
    },
  ],
});

export const LabelledWidgetSchema = Obj(
  {
    id: Type.String(),
    code: Type.String(),
    label: Type.String(),
    customerId: Type.Optional(Type.String()),
    batch: Type.Integer(),
  },
  { $id: 'TestLabelledWidget', title: 'Labelled widget (test view)' },
);

/** How many times the view computed a batch: once per page, not once per record. */
export const computeCalls = { count: 0 };

export const labelledWidgetView = defineView({
  name: 'labelled-widget',
  displayName: 'labelled widget',
  source: widgetResource,
  schema: LabelledWidgetSchema,
  list: { path: '/labelled-widgets', operationId: 'listLabelledWidgets' },
  get: { path: '/labelled-widgets/:widgetId', operationId: 'getLabelledWidget' },
  filters: { code: { kind: 'string' }, state: { kind: 'string', path: 'status' } },
  query: Type.Object({ suffix: Type.Optional(Type.String({ maxLength: 10 })) }),
  async compute(widgets, { query }) {
    computeCalls.count += 1;
    const batch = computeCalls.count;
    return widgets.map((widget) => ({
      id: String(widget.id),
      code: widget.code,
      label: `${widget.title}${(query.suffix as string | undefined) ?? ''}`,
      batch,
      ...(widget.customerId ? { customerId: widget.customerId } : {}),
    }));
  },
});

export const testKinds = { resources: [widgetResource, ledgerResource], views: [labelledWidgetView], schemas: [] };
