import type { Queryable } from '../../platform/db/database.js';

export interface RealmRow {
  name: string;
  customer_id: string | null;
  scopes: string[];
}
export interface ClientRow {
  realm: string;
  client_id: string;
  /** null for a public client (no secret: PKCE proves the code's holder). */
  secret_hash: string | null;
  scopes: string[];
  public: boolean;
  /** Exact URIs the authorization endpoint may redirect to. */
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
}
export interface UserRow {
  id: string;
  realm: string;
  username: string;
  password_hash: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  scopes: string[];
  created_at: Date;
}
export interface SessionRow {
  id: string;
  realm: string;
  subject: string;
  client_id: string;
  customer_id: string | null;
  scopes: string[];
  profile: Record<string, string>;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function findRealm(db: Queryable, name: string): Promise<RealmRow | undefined> {
  return (await db.query<RealmRow>('SELECT name, customer_id, scopes FROM iam_realms WHERE name = $1', [name])).rows[0];
}

export async function insertRealm(
  db: Queryable,
  name: string,
  customerId: string | null,
  scopes: readonly string[],
): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO iam_realms (name, customer_id, scopes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [name, customerId, scopes],
  );
  return result.rowCount === 1;
}

/** Holds the operator bootstrap's lock until the transaction ends: instances starting together bootstrap once. */
export async function lockOperatorBootstrap(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('iam_operator_bootstrap'))");
}

export async function setRealmScopes(db: Queryable, name: string, scopes: readonly string[]): Promise<void> {
  await db.query('UPDATE iam_realms SET scopes = $2 WHERE name = $1', [name, scopes]);
}

export async function findClient(db: Queryable, realm: string, clientId: string): Promise<ClientRow | undefined> {
  const sql =
    'SELECT realm, client_id, secret_hash, scopes, public, redirect_uris, post_logout_redirect_uris FROM iam_clients WHERE realm = $1 AND client_id = $2';
  return (await db.query<ClientRow>(sql, [realm, clientId])).rows[0];
}

export async function upsertClient(
  db: Queryable,
  realm: string,
  clientId: string,
  secretHash: string,
  scopes: readonly string[],
): Promise<void> {
  await db.query(
    `INSERT INTO iam_clients (realm, client_id, secret_hash, scopes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (realm, client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, scopes = EXCLUDED.scopes`,
    [realm, clientId, secretHash, scopes],
  );
}

const USER_COLUMNS = 'id, realm, username, password_hash, email, first_name, last_name, scopes, created_at';

export async function findUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM iam_users WHERE id = $1`, [id])).rows[0];
}

export async function findUserByName(db: Queryable, realm: string, username: string): Promise<UserRow | undefined> {
  return (
    await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM iam_users WHERE realm = $1 AND username = $2`, [
      realm,
      username,
    ])
  ).rows[0];
}

export async function listUsers(db: Queryable, realm: string, limit: number, offset: number): Promise<UserRow[]> {
  return (
    await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM iam_users WHERE realm = $1 ORDER BY id LIMIT $2 OFFSET $3`, [
      realm,
      limit,
      offset,
    ])
  ).rows;
}

/** Counted apart from the page, so a page past the end still reports the real total. */
export async function countUsers(db: Queryable, realm: string): Promise<number> {
  return (
    (await db.query<{ total: number }>('SELECT count(*)::int AS total FROM iam_users WHERE realm = $1', [realm]))
      .rows[0]?.total ?? 0
  );
}

/** The stored user, or undefined when the username is already taken in the realm. */
export async function insertUser(db: Queryable, user: Omit<UserRow, 'created_at'>): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `INSERT INTO iam_users (id, realm, username, password_hash, email, first_name, last_name, scopes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (realm, username) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.id, user.realm, user.username, user.password_hash, user.email, user.first_name, user.last_name, user.scopes],
  );
  return result.rows[0];
}

export async function updateUserPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE iam_users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

export async function deleteUser(db: Queryable, realm: string, id: string): Promise<UserRow | undefined> {
  return (
    await db.query<UserRow>(`DELETE FROM iam_users WHERE realm = $1 AND id = $2 RETURNING ${USER_COLUMNS}`, [realm, id])
  ).rows[0];
}

export async function insertSession(db: Queryable, session: Omit<SessionRow, 'revoked_at'>): Promise<void> {
  await db.query(
    `INSERT INTO iam_sessions (id, realm, subject, client_id, customer_id, scopes, profile, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      session.id,
      session.realm,
      session.subject,
      session.client_id,
      session.customer_id,
      session.scopes,
      JSON.stringify(session.profile),
      session.expires_at,
    ],
  );
}

export async function findSession(db: Queryable, id: string, forUpdate = false): Promise<SessionRow | undefined> {
  return (
    await db.query<SessionRow>(
      `SELECT id, realm, subject, client_id, customer_id, scopes, profile, expires_at, revoked_at FROM iam_sessions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    )
  ).rows[0];
}

export async function extendSession(db: Queryable, id: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE iam_sessions SET expires_at = $2 WHERE id = $1', [id, expiresAt]);
}

export async function revokeSession(db: Queryable, id: string, reason: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE iam_sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id, reason],
  );
  return rows.map((r) => r.id);
}

export async function revokeSubjectSessions(
  db: Queryable,
  realm: string,
  subject: string,
  reason: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE iam_sessions SET revoked_at = now(), revoked_reason = $3 WHERE realm = $1 AND subject = $2 AND revoked_at IS NULL RETURNING id',
    [realm, subject, reason],
  );
  return rows.map((r) => r.id);
}

export async function revokedSince(db: Queryable, since: Date): Promise<{ id: string; revoked_at: Date }[]> {
  return (
    await db.query<{ id: string; revoked_at: Date }>('SELECT id, revoked_at FROM iam_sessions WHERE revoked_at >= $1', [
      since,
    ])
  ).rows;
}

export async function insertRefreshToken(db: Queryable, tokenHash: string, sessionId: string): Promise<void> {
  await db.query("INSERT INTO iam_refresh_tokens (token_hash, session_id, state) VALUES ($1, $2, 'active')", [
    tokenHash,
    sessionId,
  ]);
}

export async function findRefreshToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ session_id: string; state: string } | undefined> {
  return (
    await db.query<{ session_id: string; state: string }>(
      'SELECT session_id, state FROM iam_refresh_tokens WHERE token_hash = $1 FOR UPDATE',
      [tokenHash],
    )
  ).rows[0];
}

/** A refresh token without locking it: for introspection and revocation, which never rotate it. */
export async function readRefreshToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ session_id: string; state: string; created_at: Date } | undefined> {
  return (
    await db.query<{ session_id: string; state: string; created_at: Date }>(
      'SELECT session_id, state, created_at FROM iam_refresh_tokens WHERE token_hash = $1',
      [tokenHash],
    )
  ).rows[0];
}

export async function markRefreshTokenUsed(db: Queryable, tokenHash: string): Promise<void> {
  await db.query("UPDATE iam_refresh_tokens SET state = 'used' WHERE token_hash = $1", [tokenHash]);
}

/** Sessions that ended (expired or revoked) more than `graceSeconds` ago; their refresh tokens go with them. */
export async function deleteEndedSessions(db: Queryable, graceSeconds: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM iam_sessions WHERE expires_at < now() - make_interval(secs => $1) OR revoked_at < now() - make_interval(secs => $1)`,
    [graceSeconds],
  );
  return result.rowCount;
}

/** A public client (no secret) of `realm` with its redirect URIs, unless it has one of that id. */
export async function insertPublicClient(
  db: Queryable,
  realm: string,
  clientId: string,
  scopes: readonly string[],
  redirects: { redirectUris: string[]; postLogoutRedirectUris: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO iam_clients (realm, client_id, secret_hash, scopes, public, redirect_uris, post_logout_redirect_uris)
     VALUES ($1, $2, NULL, $3, true, $4, $5) ON CONFLICT (realm, client_id) DO NOTHING`,
    [realm, clientId, scopes, redirects.redirectUris, redirects.postLogoutRedirectUris],
  );
}

/** The public client `clientId` in every realm that has none, with the realm's scopes. */
export async function addPublicClientToEveryRealm(db: Queryable, clientId: string): Promise<void> {
  await db.query(
    `INSERT INTO iam_clients (realm, client_id, secret_hash, scopes, public)
     SELECT name, $1, NULL, scopes, true FROM iam_realms ON CONFLICT (realm, client_id) DO NOTHING`,
    [clientId],
  );
}

/** The redirect URIs of the public client `clientId`, in every realm. */
export async function setPublicClientRedirects(
  db: Queryable,
  clientId: string,
  redirects: { redirectUris: string[]; postLogoutRedirectUris: string[] },
): Promise<void> {
  await db.query(
    'UPDATE iam_clients SET redirect_uris = $2, post_logout_redirect_uris = $3 WHERE client_id = $1 AND public',
    [clientId, redirects.redirectUris, redirects.postLogoutRedirectUris],
  );
}
