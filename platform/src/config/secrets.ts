import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './load.ts';

export interface ResolvedSecrets {
  adminToken: string;
  /** DATA_KEYS entries `kid:base64`, first one encrypts. */
  dataKeys: string[];
}

/**
 * ADMIN_TOKEN and DATA_KEYS from the environment, or (outside production, where loadConfig
 * already demands them) generated once into DATA_DIR with mode 0600 and reused on every start,
 * so `npm start` works on a fresh machine and the admin CLI can find the token.
 */
export function resolveSecrets(config: Config): ResolvedSecrets {
  const adminToken = config.adminToken ?? readOrCreate(config.dataDir, 'admin-token', () => `adm_${randomBytes(24).toString('base64url')}`);
  const dataKeys = config.dataKeys ?? [readOrCreate(config.dataDir, 'data-key', () => `k1:${randomBytes(32).toString('base64')}`)];
  return { adminToken, dataKeys };
}

function readOrCreate(dir: string, name: string, make: () => string): string {
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return value;
}

/** Where the admin CLI looks for a generated admin token. */
export function adminTokenFile(config: Config): string {
  return join(config.dataDir, 'admin-token');
}
