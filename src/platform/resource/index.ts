/**
 * The engine, as the APIs see it: declare kinds, actions and views; read and write records through the stores;
 * serve them. Nothing else of src/platform/resource is imported from outside it (test/architecture).
 */

export {
  DateTime,
  EMAIL_MAX_LENGTH,
  EPOCH_MS_MAX,
  EpochMs,
  ID_MAX_LENGTH,
  Id,
  List,
  LONG_TEXT_MAX_LENGTH,
  LOOKUP_ID_MAX_LENGTH,
  LongText,
  LookupId,
  MAP_KEY_MAX_LENGTH,
  Obj,
  Ref,
  StringEnum,
  StringMap,
  sharedFields,
  TEXT_MAX_LENGTH,
  Text,
  URL_MAX_LENGTH,
  UrlText,
} from '../schema-types.js';
export type { AnyResourceKind, WordText } from './declare/kind.js';
export type { ListingSource } from './declare/listing.js';
export type { CreateOptions, Doc, Page, RecordOf, StoredRecord, StoredRow } from './declare/record.js';
export { MASK, pageOf } from './declare/record.js';
export type { RecordStore, RecordStores } from './declare/record-store.js';
export type {
  ActionDefinition,
  ChangeOutcome,
  ChangingRecordAction,
  ReadingRecordAction,
  RecordActionContext,
} from './declare/resource-action.js';
export { defineAction } from './declare/resource-action.js';
export type {
  AnyResourceDefinition,
  ResourceHooks,
  WordsContext,
  WriteContext,
} from './declare/resource-definition.js';
export { defineKind, defineResource } from './declare/resource-definition.js';
export type { AnyViewDefinition, ViewLookup } from './declare/resource-view.js';
export { defineView } from './declare/resource-view.js';
export {
  CellError,
  cellsReader,
  csvHeader,
  csvLayout,
  type MapColumns,
  recordOfCells,
} from './document/csv-cells.js';
export { deepEqual, getPath, type JsonSchemaNode } from './document/document-paths.js';
export { assertStorable, isStorableText, UNSTORABLE_RULE, unstorableField } from './document/storable-text.js';
export { type BodyProblem, draftValidator } from './http/draft-validation.js';
export { routeResource, routeView, startResource, startView } from './http/engine.js';
export { recordSchemaOf } from './http/record-shapes.js';
export { parseIfMatch, withVersion } from './http/resource-routes.js';
export {
  IdParamsSchema,
  listQuerySchema,
  PageSchema,
  pagingParameters,
  RecapItemSchema,
} from './http/resource-schemas.js';
export type { ResourceService } from './service/resource-service.js';
export { ServiceRegistry } from './service/service-registry.js';
export type { ViewService } from './service/view-service.js';
export { MAX_FILTER_VALUES, MAX_PAGE_SIZE, parseListingQuery } from './sql/listing-query.js';
export { SqlParams, tenantCondition } from './sql/sql-conditions.js';
export { documentAssignments, RECORD_COLUMNS, recordColumnValues } from './sql/statements.js';
export { storageStatements } from './sql/storage-ddl.js';
export { checkStorage } from './sql/storage-objects.js';
export { recordChangesFoldJob } from './store/record-changes-fold.job.js';
