import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { OPERATOR_SCOPES } from '../../platform/auth/scopes.js';
import { newId } from '../../platform/ids.js';
import * as repo from './iam.repository.js';
import { generateSecret, hashSecret, verifySecret } from './passwords.js';
import { OPERATOR_REALM } from './jwt-access-token-verifier.js';

/**
 * Makes sure the operator realm, its client and its admin exist. Values from the environment win and are
 * re-applied on every start; generated ones are created once and printed once.
 */
export async function bootstrapOperator(db: Database, config: Pick<Config, 'adminUsername' | 'adminPassword' | 'operatorClientSecret'>, log: FastifyBaseLogger): Promise<void> {
  const generated: string[] = [];
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
      generated.push(`OPERATOR_CLIENT_SECRET (realm "operator", client "operator"): ${secret}`);
    }

    const admin = await repo.findUserByName(tx, OPERATOR_REALM, config.adminUsername);
    if (!admin) {
      const password = config.adminPassword ?? generateSecret(18);
      await repo.insertUser(tx, { id: newId(), realm: OPERATOR_REALM, username: config.adminUsername, password_hash: await hashSecret(password), email: null, first_name: null, last_name: null, scopes: [...OPERATOR_SCOPES] });
      if (!config.adminPassword) generated.push(`ADMIN_PASSWORD (realm "operator", user "${config.adminUsername}"): ${password}`);
    } else if (config.adminPassword && !(await verifySecret(config.adminPassword, admin.password_hash))) {
      await repo.updateUserPassword(tx, admin.id, await hashSecret(config.adminPassword));
    }
  });
  if (generated.length > 0) {
    log.warn('generated operator credentials; they are shown this once and stored only as hashes');
    // Plain lines on stdout, so a person starting the server can copy them.
    process.stdout.write(['', '=== Operator credentials (shown once) ===', ...generated, '========================================', ''].join('\n') + '\n');
  }
}
