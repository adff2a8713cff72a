-- Assets are owned (DECISIONS §11): content addressing dedupes within one owner only, so bytes another customer stored
-- answer nothing of theirs. The asset store keeps one object per content (its SHA-256, now `content_hash`) shared by
-- every owner's row; the row's id is the public handle, random for assets stored from now on (an id derived from the
-- content alone, or from an owner id anyone may know, would let whoever holds the bytes find the asset).
-- Rows stored before keep their id (= their content hash) so their links still download, and belong to the uploader
-- recorded with them (`customer_id`; none: the operator), which is who the first upload of those bytes was.
ALTER TABLE assets ADD COLUMN IF NOT EXISTS content_hash text;
UPDATE assets SET content_hash = id WHERE content_hash IS NULL;
ALTER TABLE assets ALTER COLUMN content_hash SET NOT NULL;
-- One asset per owner, content and privacy: the same bytes uploaded again by the same owner find it; a kept e-mail copy
-- (private) and a public upload of the same bytes stay two assets, so neither changes the other's visibility.
CREATE UNIQUE INDEX IF NOT EXISTS assets_owner_content_idx ON assets ((coalesce(customer_id, '')), content_hash, private);
-- A deletion keeps the stored object while another owner's asset still names its content.
CREATE INDEX IF NOT EXISTS assets_content_hash_idx ON assets (content_hash);
