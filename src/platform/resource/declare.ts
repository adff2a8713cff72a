/**
 * The engine's declaring face: what a kind's declaration (`*.kind.ts`, `*.resource.ts`, its hooks, actions and views,
 * `*.view.ts`, `*.schema.ts`) imports. Types, `define*` functions and the TypeBox building blocks only: nothing here
 * serves a request (test/architecture/import-faces.test.ts holds its import closure to 15 files).
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
export { MASK, PageSchema, pageOf } from './declare/record.js';
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
export { deepEqual, getPath, type JsonSchemaNode, schemaNodeOf } from './document/document-paths.js';
