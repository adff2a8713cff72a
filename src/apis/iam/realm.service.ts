import { assertMayManageCredentials } from '../../platform/auth/credentials.js';
import { mayActFor, type Principal } from '../../platform/auth/principal.js';
import { CUSTOMER_SCOPES, narrowScopes } from '../../platform/auth/scopes.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import { newId } from '../../platform/ids.js';
import { assertStorable, isStorableText } from '../../platform/resource/documents.js';
import { addConsoleClient, CONSOLE_CLIENT, type ConsoleRedirects } from './console-client.js';
import * as repo from './iam.repository.js';
import { generateSecret, type SecretHasher } from './passwords.js';
import type { NewRealmUser, RealmUser } from './realm-user.schema.js';
import type { RevokedSessions } from './revoked-sessions.js';

function present(row: repo.UserRow): RealmUser {
  return {
    id: row.id,
    username: row.username,
    ...(row.email ? { email: row.email } : {}),
    ...(row.first_name ? { firstName: row.first_name } : {}),
    ...(row.last_name ? { lastName: row.last_name } : {}),
    scope: row.scopes.join(' '),
    createDate: row.created_at.toISOString(),
  };
}

/** Realms, their confidential client and their users. */
export class RealmService {
  constructor(
    private readonly db: Database,
    private readonly revoked: RevokedSessions,
    private readonly console: ConsoleRedirects,
    private readonly hasher: SecretHasher,
  ) {}

  /**
   * Creates a customer's realm, its confidential client (client id = realm name) and its public console client, in
   * the caller's transaction. Returns the client secret, which is shown once and stored only as a hash.
   */
  async provisionRealm(
    tx: Queryable,
    name: string,
    customerId: string | null,
    scopes: readonly string[] = CUSTOMER_SCOPES,
  ): Promise<{ clientSecret: string }> {
    // The realm's confidential client is named after it: a realm "console" would take the console client's id.
    if (name === CONSOLE_CLIENT)
      throw new ValidationError(`realm name ${name} is reserved (the console's client)`, {
        specific: { field: 'body.realmName' },
      });
    if (!(await repo.insertRealm(tx, name, customerId, scopes)))
      throw new ConflictError(`realm name ${name} is already taken`, { resourceType: 'realm', resourceId: name });
    const clientSecret = generateSecret();
    await repo.upsertClient(tx, name, name, await this.hasher.hash(clientSecret), scopes);
    await addConsoleClient(tx, name, scopes, this.console);
    return { clientSecret };
  }

  async rotateClientSecret(tx: Queryable, realm: string): Promise<{ clientSecret: string }> {
    const found = await repo.findClient(tx, realm, realm);
    if (!found) throw new NotFoundError('realm client', realm);
    const clientSecret = generateSecret();
    await repo.upsertClient(tx, realm, realm, await this.hasher.hash(clientSecret), found.scopes);
    return { clientSecret };
  }

  /** A realm by name (public: OpenID discovery). */
  async find(name: string): Promise<repo.RealmRow | undefined> {
    // A name PostgreSQL cannot hold (NUL, an unpaired surrogate) names no realm: 404, not a database error.
    return isStorableText(name) ? repo.findRealm(this.db, name) : undefined;
  }

  /**
   * The realm, if this principal may manage its users: the operator any, a customer only its own. A realm's users
   * and their passwords are credentials (auth/credentials.ts): `authorizedCustomers` widen what records a token sees,
   * not whose identities it may mint (a user made in customer A's realm would carry A's own authorizations, which A
   * never gave to the partner). A reseller acting for the realm's customer gets 403; anyone else 404.
   */
  private async visibleRealm(principal: Principal, name: string): Promise<repo.RealmRow> {
    const realm = await this.find(name);
    if (!realm || !mayActFor(principal, realm.customer_id)) throw new NotFoundError('realm', name);
    assertMayManageCredentials(principal, realm.customer_id, {
      credential: 'users and passwords',
      resourceType: 'realm',
      resourceId: name,
    });
    return realm;
  }

  async listUsers(
    principal: Principal,
    realmName: string,
    page: number,
    size: number,
  ): Promise<{ rows: RealmUser[]; total: number }> {
    await this.visibleRealm(principal, realmName);
    const [rows, total] = await Promise.all([
      repo.listUsers(this.db, realmName, size, page * size),
      repo.countUsers(this.db, realmName),
    ]);
    return { rows: rows.map(present), total };
  }

  async createUser(principal: Principal, realmName: string, input: NewRealmUser): Promise<RealmUser> {
    const realm = await this.visibleRealm(principal, realmName);
    assertStorable(input, 'body');
    // A user gets at most what the realm offers and the creator itself holds: a narrowed token cannot mint a wider user.
    const grantable = realm.scopes.filter((scope) => principal.scopes.has(scope));
    const scopes = narrowScopes(grantable, input.scope);
    if (scopes.length === 0)
      throw new ValidationError(
        `body.scope grants none of the scopes this token may give in realm ${realmName} (${grantable.join(' ') || 'none'})`,
      );
    const row = {
      id: newId(),
      realm: realmName,
      username: input.username,
      password_hash: await this.hasher.hash(input.password),
      email: input.email ?? null,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      scopes,
    };
    const stored = await repo.insertUser(this.db, row);
    if (!stored) throw new ConflictError(`username ${input.username} is already taken in realm ${realmName}`);
    return present(stored);
  }

  /** Deleting a user ends its sessions at once. */
  async deleteUser(principal: Principal, realmName: string, userId: string): Promise<void> {
    await this.visibleRealm(principal, realmName);
    const ended = await this.db.transaction(async (tx) => {
      const deleted = isStorableText(userId) ? await repo.deleteUser(tx, realmName, userId) : undefined;
      if (!deleted) throw new NotFoundError('user', userId);
      return repo.revokeSubjectSessions(tx, realmName, userId, 'user deleted');
    });
    this.revoked.add(ended);
  }
}
