-- The storage the kinds declare and the migrations before this one do not create, written by
-- `npm run migrations:generate` from the declarations (src/platform/resource/sql/storage-ddl.ts). Every statement is
-- idempotent (IF NOT EXISTS; filter keys recomputed only where they were made from other declarations), so a
-- database whose start-up made this storage before migrations owned the schema (issue 24) migrates cleanly.

-- Kind `product`
ALTER TABLE products ADD COLUMN IF NOT EXISTS words tsvector;
CREATE INDEX IF NOT EXISTS products_words_idx ON products USING gin (words);
-- Products stored before get their words when the service starts (ResourceService.indexMissingWords: the words are
-- cut and folded in JS, docs/decisions.md "Product search").
