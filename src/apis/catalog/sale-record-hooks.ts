import type { RecordOf } from '../../platform/resource/declare.js';
import type { ProductSaleRecordSchema } from './product-sale-record.schema.js';

type SaleRecord = RecordOf<typeof ProductSaleRecordSchema>;

/** New sale records are ENABLED unless the body says otherwise (the product they name is a declared reference). */
export function beforeProductSaleRecordCreate(doc: SaleRecord): SaleRecord {
  return { status: 'ENABLED', ...doc };
}

/** A replace without a status is ENABLED again, as a create is. */
export function beforeProductSaleRecordUpdate(doc: SaleRecord): SaleRecord {
  return { ...doc, status: doc.status ?? 'ENABLED' };
}
