import type { Queryable } from '../db/database.js';

/** Stored outcomes are replayed for 24 hours, then the key may be used again (and the row is purged). */
const RETENTION_SECONDS = 24 * 3600;
/** A key still `running` after this long belongs to a request that died; another request may take it over. */
const STALE_RUNNING_SECONDS = 60;

/** A key held by one request: `claimId` tells that request apart from any later one that takes the key over. */
export interface Claim {
  scope: string;
  key: string;
  claimId: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  contentType: string | null;
  headers: Record<string, string>;
}

export type ExistingKey =
  | { state: 'running'; requestHash: string }
  | { state: 'done'; requestHash: string; response: StoredResponse };

interface KeyRow {
  state: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  response_type: string | null;
  response_headers: Record<string, string> | null;
}

/** Takes a key nobody holds. False when a row exists already. */
export async function insertClaim(db: Queryable, claim: Claim, requestHash: string): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash, state, claim_id) VALUES ($1, $2, $3, 'running', $4)
     ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
    [claim.scope, claim.key, requestHash, claim.claimId],
  );
  return result.rows.length === 1;
}

/**
 * Takes over a key whose 24 hours are over, or one left `running` by a request that died with the same request.
 * The conditions are re-checked under the row lock, so of two requests racing for it only one wins.
 */
export async function takeOverClaim(db: Queryable, claim: Claim, requestHash: string): Promise<boolean> {
  const result = await db.query(
    `UPDATE idempotency_keys
        SET request_hash = $3, state = 'running', claim_id = $4, created_at = now(), locked_at = now(),
            response_status = NULL, response_body = NULL, response_type = NULL, response_headers = NULL
      WHERE scope = $1 AND key = $2
        AND (created_at < now() - make_interval(secs => $5)
             OR (state = 'running' AND request_hash = $3 AND locked_at < now() - make_interval(secs => $6)))
      RETURNING key`,
    [claim.scope, claim.key, requestHash, claim.claimId, RETENTION_SECONDS, STALE_RUNNING_SECONDS],
  );
  return result.rows.length === 1;
}

export async function findKey(db: Queryable, scope: string, key: string): Promise<ExistingKey | undefined> {
  const { rows } = await db.query<KeyRow>(
    `SELECT state, request_hash, response_status, response_body, response_type, response_headers
       FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    [scope, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.state !== 'done') return { state: 'running', requestHash: row.request_hash };
  const response = {
    status: row.response_status ?? 200,
    body: row.response_body ?? '',
    contentType: row.response_type,
    headers: row.response_headers ?? {},
  };
  return { state: 'done', requestHash: row.request_hash, response };
}

/** Records the outcome, unless the key was taken over meanwhile (then the new holder's outcome counts). */
export async function completeClaim(db: Queryable, claim: Claim, response: StoredResponse): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys
        SET state = 'done', response_status = $4, response_body = $5, response_type = $6, response_headers = $7::jsonb
      WHERE scope = $1 AND key = $2 AND claim_id = $3 AND state = 'running'`,
    [
      claim.scope,
      claim.key,
      claim.claimId,
      response.status,
      response.body,
      response.contentType,
      JSON.stringify(response.headers),
    ],
  );
}

/** Frees the key (the request was refused or failed), so the client may retry with it. */
export async function releaseClaim(db: Queryable, claim: Claim): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND claim_id = $3 AND state = 'running'`, [
    claim.scope,
    claim.key,
    claim.claimId,
  ]);
}

/** Deletes keys older than the retention period; returns how many. */
export async function purgeExpiredKeys(db: Queryable): Promise<number> {
  const result = await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, [
    RETENTION_SECONDS,
  ]);
  return result.rowCount;
}
