import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { OPERATOR_SCOPES } from '../../platform/auth/scopes.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/ids.js';
import * as repo from './iam.repository.js';
import { OPERATOR_REALM } from './jwt-access-token-verifier.js';
import {
  credentialsFilePath,
  forgetCredentials,
  type ReplacedCredentials,
  writeCredentialsFile,
} from './operator-credentials-file.js';
import { generateSecret, type SecretHasher } from './passwords.js';

type BootstrapConfig = Pick<Config, 'adminUsername' | 'adminPassword' | 'operatorClientSecret' | 'dataDir'>;

/**
 * Makes sure the operator realm, its client and its admin exist. Values from the environment win and are
 * re-applied on every start; generated ones are created once and written to a 0600 file in DATA_DIR, whose path
 * is logged. The file is written before the transaction commits: if it cannot be, nothing is kept and the next
 * start generates them again, so generated credentials are never lost.
 */
export async function bootstrapOperator(
  db: Database,
  config: BootstrapConfig,
  log: FastifyBaseLogger,
  hasher: SecretHasher,
): Promise<string | undefined> {
  const generated: Record<string, string> = {};
  /** Stored values the environment replaced this start: a file of generated ones would tell them wrong. */
  const replaced: ReplacedCredentials = { clientSecret: false };
  let file: string | undefined;
  await db.transaction(async (tx) => {
    await repo.lockOperatorBootstrap(tx);
    await repo.insertRealm(tx, OPERATOR_REALM, null, OPERATOR_SCOPES);
    await repo.setRealmScopes(tx, OPERATOR_REALM, OPERATOR_SCOPES);

    const client = await repo.findClient(tx, OPERATOR_REALM, OPERATOR_REALM);
    if (config.operatorClientSecret) {
      if (!client?.secret_hash || !(await hasher.verify(config.operatorClientSecret, client.secret_hash))) {
        await repo.upsertClient(
          tx,
          OPERATOR_REALM,
          OPERATOR_REALM,
          await hasher.hash(config.operatorClientSecret),
          OPERATOR_SCOPES,
        );
        if (client) replaced.clientSecret = true;
      }
    } else if (!client) {
      const secret = generateSecret();
      await repo.upsertClient(tx, OPERATOR_REALM, OPERATOR_REALM, await hasher.hash(secret), OPERATOR_SCOPES);
      generated.OPERATOR_CLIENT_SECRET = secret;
    }

    const admin = await repo.findUserByName(tx, OPERATOR_REALM, config.adminUsername);
    if (!admin) {
      const password = config.adminPassword ?? generateSecret(18);
      await repo.insertUser(tx, {
        id: newId(),
        realm: OPERATOR_REALM,
        username: config.adminUsername,
        password_hash: await hasher.hash(password),
        email: null,
        first_name: null,
        last_name: null,
        scopes: [...OPERATOR_SCOPES],
      });
      if (!config.adminPassword)
        Object.assign(generated, { ADMIN_USERNAME: config.adminUsername, ADMIN_PASSWORD: password });
    } else if (config.adminPassword && !(await hasher.verify(config.adminPassword, admin.password_hash))) {
      await repo.updateUserPassword(tx, admin.id, await hasher.hash(config.adminPassword));
      replaced.adminUsername = config.adminUsername;
    }
    if (Object.keys(generated).length > 0) file = writeCredentialsFile(config.dataDir, generated);
  });
  if (file)
    log.warn(
      `generated operator credentials (${Object.keys(generated).join(', ')}) written to ${file} (mode 0600); the database keeps only their hashes`,
    );
  if (replaced.clientSecret || replaced.adminUsername !== undefined) {
    const outcome = forgetCredentials(config.dataDir, replaced);
    const about =
      outcome === 'absent'
        ? ''
        : `; ${credentialsFilePath(config.dataDir)} ${outcome === 'removed' ? 'was removed (nothing in it worked any more)' : 'no longer lists them'}`;
    const names = [
      ...(replaced.clientSecret ? ['OPERATOR_CLIENT_SECRET'] : []),
      ...(replaced.adminUsername !== undefined ? [`ADMIN_PASSWORD of ${replaced.adminUsername}`] : []),
    ];
    log.warn(`${names.join(' and ')} from the environment replaced the stored value${about}`);
  }
  log.info(`operator credentials in force: ${inForce(config, generated).join(', ')}`);
  return file;
}

/** Where each operator credential in force comes from, for the log (never the values). */
function inForce(config: BootstrapConfig, generated: Record<string, string>): string[] {
  const source = (fromEnv: boolean, name: string) =>
    fromEnv
      ? 'from the environment'
      : generated[name]
        ? `generated now (in ${credentialsFilePath(config.dataDir)})`
        : 'as stored earlier (generated, or set by an earlier start)';
  return [
    `OPERATOR_CLIENT_SECRET ${source(Boolean(config.operatorClientSecret), 'OPERATOR_CLIENT_SECRET')}`,
    `ADMIN_PASSWORD of ${config.adminUsername} ${source(Boolean(config.adminPassword), 'ADMIN_PASSWORD')}`,
  ];
}
