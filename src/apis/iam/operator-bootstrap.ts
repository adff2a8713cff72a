import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { OPERATOR_SCOPES } from '../../platform/auth/scopes.js';
import { newId } from '../../platform/ids.js';
import * as repo from './iam.repository.js';
import { generateSecret, hashSecret, verifySecret } from './passwords.js';
import { OPERATOR_REALM } from './jwt-access-token-verifier.js';
import { writeCredentialsFile } from './operator-credentials-file.js';

type BootstrapConfig = Pick<Config, 'adminUsername' | 'adminPassword' | 'operatorClientSecret' | 'dataDir'>;

/**
 * Makes sure the operator realm, its client and its admin exist. Values from the environment win and are
 * re-applied on every start; generated ones are created once and written to a 0600 file in DATA_DIR, whose path
 * is logged. The file is written before the transaction commits: if it cannot be, nothing is kept and the next
 * start generates them again, so generated credentials are never lost.
 */
export async function bootstrapOperator(db: Database, config: BootstrapConfig, log: FastifyBaseLogger): Promise<string | undefined> {
  const generated: Record<string, string> = {};
  let file: string | undefined;
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('iam_operator_bootstrap'))");
    await repo.insertRealm(tx, OPERATOR_REALM, null, OPERATOR_SCOPES);
    await tx.query('UPDATE iam_realms SET scopes = $2 WHERE name = $1', [OPERATOR_REALM, OPERATOR_SCOPES]);

    const client = await repo.findClient(tx, OPERATOR_REALM, OPERATOR_REALM);
    if (config.operatorClientSecret) {
      if (!client || !(await verifySecret(config.operatorClientSecret, client.secret_hash))) {
        await repo.upsertClient(tx, OPERATOR_REALM, OPERATOR_REALM, await hashSecret(config.operatorClientSecret), OPERATOR_SCOPES);
      }
    } else if (!client) {
      const secret = generateSecret();
      await repo.upsertClient(tx, OPERATOR_REALM, OPERATOR_REALM, await hashSecret(secret), OPERATOR_SCOPES);
      generated.OPERATOR_CLIENT_SECRET = secret;
    }

    const admin = await repo.findUserByName(tx, OPERATOR_REALM, config.adminUsername);
    if (!admin) {
      const password = config.adminPassword ?? generateSecret(18);
      await repo.insertUser(tx, { id: newId(), realm: OPERATOR_REALM, username: config.adminUsername, password_hash: await hashSecret(password), email: null, first_name: null, last_name: null, scopes: [...OPERATOR_SCOPES] });
      if (!config.adminPassword) Object.assign(generated, { ADMIN_USERNAME: config.adminUsername, ADMIN_PASSWORD: password });
    } else if (config.adminPassword && !(await verifySecret(config.adminPassword, admin.password_hash))) {
      await repo.updateUserPassword(tx, admin.id, await hashSecret(config.adminPassword));
    }
    if (Object.keys(generated).length > 0) file = writeCredentialsFile(config.dataDir, generated);
  });
  if (file) log.warn(`generated operator credentials (${Object.keys(generated).join(', ')}) written to ${file} (mode 0600); the database keeps only their hashes`);
  return file;
}
