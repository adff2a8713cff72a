import type { AnyResourceKind, FilterSpec } from './kind.js';

/** What a listing is read against: a kind, or a view over one (its own filters, the source's fields). */
export type ListingSource = Pick<
  AnyResourceKind,
  'schema' | 'filters' | 'displayName' | 'defaultPageSize' | 'words' | 'newestFirst'
>;

/** A listing's query parameters as parsed (sql/listing-query.ts): what the statements and the cache read. */
export interface SortKey {
  path: string[];
  descending: boolean;
  /** A date-time field sorts by instant, not by its text (`+05:00` and `Z` offsets mix). */
  dateTime?: boolean;
}

export interface FilterValue {
  path: string[];
  spec: FilterSpec;
  values: unknown[];
}

export interface ListingQuery {
  page: number;
  size: number;
  sort: SortKey[];
  filters: FilterValue[];
  targets: string[][];
  /** The word search (`q`) as a tsquery literal (document/search-words.ts): only records whose words match. */
  words?: string;
  /**
   * Code chose the filters (a domain read through `listAll`), not a request: the statement has one of a few texts,
   * so it may be prepared (`Statement.prepare`).
   */
  fixedShape?: true;
}
