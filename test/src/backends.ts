import { reachable, TEST_DATABASE_URL } from '@idgate/core/testing';
import { loadConfig } from '@idgate/platform';
import { SHARED_MODELS_DIR } from '@idgate/inference/testing';

/**
 * Which storage backends the integration tests run against. PGlite (embedded default) always;
 * real Postgres + Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set or the services answer
 * on their default local ports. Under CI=true a missing service is an error, not a skip, so a
 * green CI always means both backends ran.
 */
export interface Backend {
  name: 'pglite' | 'postgres+redis';
  databaseUrl?: string;
  redisUrl?: string;
}

const env = process.env;
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

export async function availableBackends(): Promise<Backend[]> {
  const out: Backend[] = [{ name: 'pglite' }];
  if (env.TEST_SKIP_POSTGRES === '1') return out;
  const databaseUrl = TEST_DATABASE_URL;
  const redisUrl = env.TEST_REDIS_URL ?? DEFAULT_REDIS;
  const ok = (await reachable(databaseUrl)) && (await reachable(redisUrl));
  if (ok) out.push({ name: 'postgres+redis', databaseUrl, redisUrl });
  else if (env.CI === 'true') throw new Error(`CI must run against Postgres and Redis: ${databaseUrl} / ${redisUrl} unreachable`);
  return out;
}

/** Top-level-await friendly list for describe.each. */
export const BACKENDS: Backend[] = await availableBackends();

/**
 * Test configuration. Gateway and core share the test process, yet the gateway uses the multiplexed
 * stream (CORE_MULTIPLEX=true), the production path between processes; npm start (the e2e tests)
 * covers the unary one.
 */
export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    CORE_MULTIPLEX: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: '/tmp/idgate-test-unused',
    MODELS_DIR: env.MODELS_DIR || SHARED_MODELS_DIR,
    ...overrides,
  });
}
