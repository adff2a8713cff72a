-- Kept copies of sent e-mails are personal data: they are private assets, downloaded only with the owner's or the
-- operator's token (docs/assets.md). Copies kept before this are found through the notifications naming them.
ALTER TABLE assets ADD COLUMN IF NOT EXISTS private boolean NOT NULL DEFAULT false;
UPDATE assets SET private = true WHERE id IN (SELECT doc ->> 'mailStorageId' FROM notifications WHERE doc ? 'mailStorageId');
