import { existsSync } from 'node:fs';
import { credentialsFilePath } from './apis/iam/operator-credentials-file.js';
import type { Config } from './config.js';

/**
 * The line a started server logs for the person who started it: where the console is, and where the operator's
 * credentials come from (the environment, or the file a first start generated them into).
 */
export function startAnnouncement(config: Config): { msg: string; console: string; credentials: string } {
  const consoleUrl = `${config.publicBaseUrl.replace(/\/$/, '')}/console`;
  const fromEnvironment = [
    ...(config.adminPassword === undefined ? [] : ['ADMIN_PASSWORD']),
    ...(config.operatorClientSecret === undefined ? [] : ['OPERATOR_CLIENT_SECRET']),
  ];
  const file = credentialsFilePath(config.dataDir);
  const parts = [
    ...(fromEnvironment.length ? [`${fromEnvironment.join(' and ')} from the environment`] : []),
    ...(fromEnvironment.length < 2 && existsSync(file) ? [`the generated ones in ${file}`] : []),
  ];
  const credentials = parts.length ? parts.join(', ') : 'as set when this database was first started';
  return {
    msg: `the console is at ${consoleUrl} (realm operator, user ${config.adminUsername}); operator credentials: ${credentials}`,
    console: consoleUrl,
    credentials,
  };
}
