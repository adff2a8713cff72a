import type { Schemas } from '../../api/client';
import { shownFields } from '../../ui/field-errors';

export type SaleRecord = Schemas['ProductSaleRecord'];
/** What the form edits: the record less what the server sets. A PUT replaces the record with it. */
export type SaleRecordDraft = Omit<Schemas['ProductSaleRecordDraft'], 'id' | 'createDate' | 'updateDate' | 'dbVersion'>;

export const emptySaleRecord = (): SaleRecordDraft => ({ productId: '', status: 'ENABLED', sellingStores: [] });

export function draftOf(record: SaleRecord): SaleRecordDraft {
  const { id: _id, createDate: _created, updateDate: _updated, dbVersion: _version, ...draft } = record;
  return draft;
}

/** The fields the form has an input for: a refusal naming one shows on it, any other below the form. */
export const SALE_RECORD_FIELDS = shownFields(
  'productId',
  'customerId',
  'status',
  'sellingStores',
  'prices',
  'trialAllowed',
  'trialDuration',
  'paidTrial',
  'fulfillmentTemplate',
  'subscriptionTemplate',
  'catalogId',
);
