import { pathToFileURL } from 'node:url';
import { createLogger, loadConfig, openKeyValueStore, resolveSecrets, ConfigError, type Config, type Logger } from '@idgate/protos';
import { openDatabase, startCore, type Clock } from '@idgate/core';
import { startGateway } from '@idgate/gateway';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';

export interface AllInOne {
  url: string;
  coreAddress: string;
  close(): Promise<void>;
}

/**
 * The embedded mode (DESIGN "Embedded mode"): gateway, core (and the inference node once it
 * exists) in ONE process, with gRPC over loopback between them, one PGlite handle and one
 * in-process KV (or Postgres/Redis when DATABASE_URL/REDIS_URL are set).
 */
export async function startAllInOne(o: { config: Config; log: Logger; clock?: Clock; port?: number; coreAddress?: string }): Promise<AllInOne> {
  const { config, log } = o;
  const secrets = resolveSecrets(config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, schemaName: config.databaseSchema });
  const kv = await openKeyValueStore(config.redisUrl);
  // The inference node starts first (it fails fast naming a missing or altered model file), so
  // core's scheduler finds it healthy at its first check.
  let inference: InferenceNode | undefined;
  if (config.inferenceEnabled) inference = await startInferenceNode({ config, logger: createLogger({ level: config.logLevel, component: 'inference' }) });
  const inferenceNodes = inference ? [inference.address, ...config.inferenceNodes.filter((n) => n !== config.inferenceGrpcAddress)] : config.inferenceNodes.filter((n) => n !== config.inferenceGrpcAddress);
  const core = await startCore({ config, log: createLogger({ level: config.logLevel, component: 'core' }), dataKeys: secrets.dataKeys, database, kv, clock: o.clock, grpcAddress: o.coreAddress, inferenceNodes });
  const gateway = await startGateway({ config, log: createLogger({ level: config.logLevel, component: 'gateway' }), kv, adminToken: secrets.adminToken, coreAddress: core.address, port: o.port, oauthSql: database.pglite ?? database.pool, dataKeys: secrets.dataKeys });
  return {
    url: gateway.url,
    coreAddress: core.address,
    async close() {
      // Order matters: stop taking HTTP requests and let in-flight ones finish, then core's
      // in-flight calls, then storage: nothing is half-written.
      await gateway.close();
      await core.close();
      await inference?.close();
      await kv.close();
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel, component: 'idgate' });
  const app = await startAllInOne({ config, log });
  log.info({ url: app.url, baseUrl: config.baseUrl }, 'idgate ready');
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'graceful shutdown');
      // A shutdown that cannot finish in time must not hang the pod: exit non-zero after the grace.
      setTimeout(() => {
        log.error('graceful shutdown timed out');
        process.exit(1);
      }, config.shutdownGraceMs + 5000).unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
