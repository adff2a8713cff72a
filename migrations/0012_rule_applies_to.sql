-- Recommendation rules keep `appliesTo`, the triggers they are found by (rule-selection.ts): their eligible products
-- and parents, or without either list (eligible for every trigger, DECISIONS §8) the keys of their maps for
-- idToIdsRecoRule and `any` for predefinedIdsRecoRule. Rules stored before are given theirs here; the start-up then
-- computes their filter keys again (a new declared filter changes the keys' signature). The table is made here when
-- a fresh database has none yet, exactly as the start-up would make it.
CREATE TABLE IF NOT EXISTS recommendation_rules (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
);

UPDATE recommendation_rules SET doc = jsonb_set(doc, '{appliesTo}', to_jsonb(CASE
    WHEN jsonb_array_length(COALESCE(doc -> 'eligibleProductIds', '[]')) + jsonb_array_length(COALESCE(doc -> 'eligibleParentProductIds', '[]')) > 0 THEN
      ARRAY(SELECT 'product:' || e FROM jsonb_array_elements_text(COALESCE(doc -> 'eligibleProductIds', '[]')) AS e)
        || ARRAY(SELECT 'parent:' || e FROM jsonb_array_elements_text(COALESCE(doc -> 'eligibleParentProductIds', '[]')) AS e)
    WHEN doc ->> 'function' = 'predefinedIdsRecoRule' THEN ARRAY['any']
    ELSE ARRAY(SELECT 'product:' || k FROM jsonb_object_keys(COALESCE(doc -> 'byProductIds', '{}')) AS k)
      || ARRAY(SELECT 'parent:' || k FROM jsonb_object_keys(COALESCE(doc -> 'byParentProductIds', '{}')) AS k)
  END))
 WHERE NOT doc ? 'appliesTo';
