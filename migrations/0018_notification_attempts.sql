-- Every delivery try of a notification record (DECISIONS §6, `GET /notifications/{id}/attempts`). The delivery worker
-- writes a record's try and its attempt row in one statement (notification-store.ts `recordTries`), so a try is never
-- counted without its attempt; the same statement keeps a record's latest 100. `try` is the record's try number (1, 2,
-- ...); `doc` is the attempt as the API answers it (no secret, no signature). The rows go with their record.
CREATE TABLE notification_attempts (
  notification_id text NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  try integer NOT NULL,
  doc jsonb NOT NULL,
  PRIMARY KEY (notification_id, try)
);
