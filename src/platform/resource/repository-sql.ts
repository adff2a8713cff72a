/**
 * The engine's SQL helpers for an API's own repository over a kind's table: the record columns, the tenant
 * condition, and the assignments that write a document with its keys.
 */
export { SqlParams, tenantCondition } from './sql/sql-conditions.js';
export { documentAssignments, RECORD_COLUMNS, recordColumnValues } from './sql/statements.js';
