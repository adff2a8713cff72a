/**
 * The engine's shapes of requests and answers, for an API's own routes and actions: paging, ids, list queries, a
 * kind's record and draft, ETags and the listing query's limits.
 */
export { type BodyProblem, draftValidator } from './http/draft-validation.js';
export { recordSchemaOf } from './http/record-shapes.js';
export {
  IdParamsSchema,
  listQuerySchema,
  pagingParameters,
  RecapItemSchema,
} from './http/resource-schemas.js';
export { parseIfMatch, withVersion } from './http/versions.js';
export { MAX_FILTER_VALUES, MAX_PAGE_SIZE, parseListingQuery } from './sql/listing-query.js';
