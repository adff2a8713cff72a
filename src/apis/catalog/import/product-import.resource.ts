import { defineAction, defineResource, PageSchema, pageOf, Ref } from '../../../platform/resource/declare.js';
import { assertMayMove, movesTo } from './import-life-cycle.js';
import { dropRows, forgetUploader, listErrors } from './import-rows.repository.js';
import { productImportKind } from './product-import.kind.js';
import {
  ImportErrorSchema,
  ImportErrorsQuerySchema,
  type ProductImport,
  type ProductImportSchema,
} from './product-import.schema.js';

const cancellable = movesTo('CANCELLED');

export const productImportResource = defineResource<typeof ProductImportSchema>({
  ...productImportKind,
  actions: [
    defineAction({
      on: 'record',
      path: 'cancel',
      operationId: 'cancelProductImport',
      fact: 'cancelled',
      summary: 'Stop a queued or running import; the rows stored so far stay',
      description: `Allowed from ${cancellable.join(' or ')}: the import becomes CANCELLED and its rows not yet done are dropped (a chunk in progress ends first). From any other status: 400 naming it.`,
      async change({ record, tx, now }) {
        assertMayMove(String(record.id), (record as ProductImport).status, 'CANCELLED', 'cancelled');
        await dropRows(tx, String(record.id));
        await forgetUploader(tx, String(record.id));
        return { record: { ...record, status: 'CANCELLED', finishedAt: now.toISOString() } };
      },
    }),
    defineAction({
      on: 'record',
      method: 'GET',
      path: 'errors',
      operationId: 'listProductImportErrors',
      summary: 'The refused rows of an import: line, field and why',
      description:
        'A page of `{line, field, message}`, first line first; `field` names the field as a 400 would (`body.prices`), or `line` for a line that is not a row at all.',
      query: ImportErrorsQuerySchema,
      response: PageSchema(Ref(ImportErrorSchema)),
      async run({ record, tx, query }) {
        const page = query.page ?? 0;
        const size = query.size ?? 100;
        const { items, total } = await listErrors(tx, String(record.id), page, size);
        return pageOf(items, page, size, total);
      },
    }),
  ],
});
