import { pathToFileURL } from 'node:url';
import { sendGrpcLogsTo, startOrExit } from '@idgate/protos';
import { addMetricsSource, createLogger, loadConfigOrExit, resolveSecrets, type Config, type Logger } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { startGateway } from '@idgate/gateway';
import { startInferenceNode } from '@idgate/inference';
import { startCoreThread } from './core-thread/index.ts';

export interface AllInOne {
  url: string;
  coreAddress: string;
  close(): Promise<void>;
}

/**
 * The embedded mode (DESIGN "Embedded mode"): gateway (with OAuth), core and an inference node in
 * ONE process, with gRPC over loopback between them, on PGlite and an in-process KV (or Postgres and
 * Redis when DATABASE_URL/REDIS_URL are set). Core runs on a thread of its own (core-thread/): its
 * event loop then does not queue behind the gateway's. On PGlite it owns the one database handle
 * and runs the OAuth adapter's statements on it for the gateway.
 * `onCoreCrash`: what to do when the core thread dies after start-up (default: exit 1, as a core
 * process would, so a supervisor restarts the whole service).
 */
export async function startAllInOne(o: {
  config: Config;
  log: Logger;
  port?: number;
  coreAddress?: string;
  onCoreCrash?: (err: Error) => void;
}): Promise<AllInOne> {
  const { config, log } = o;
  const secrets = resolveSecrets(config);
  // Every part started so far, closed in reverse order by close() or when a later part fails to
  // start. Reverse start order is the safe one: HTTP stops taking requests and lets in-flight ones
  // finish, then core's in-flight calls, then storage: nothing is half-written.
  const started: Array<() => Promise<void>> = [];
  const closeStarted = async () => {
    for (const close of started.splice(0).reverse()) await close();
  };
  try {
    // The inference node starts first: it fails fast naming a missing or altered model file before
    // the database is opened or migrated, and core's scheduler finds it healthy at its first check.
    const inference = config.inferenceEnabled
      ? await startInferenceNode({ config, logger: createLogger({ level: config.logLevel, component: 'inference' }) })
      : undefined;
    if (inference) started.push(() => inference.close());
    const inferenceNodes = [...(inference ? [inference.address] : []), ...config.inferenceNodes.filter((n) => n !== config.inferenceGrpcAddress)];
    const onCrash =
      o.onCoreCrash ??
      ((err: Error) => {
        log.fatal({ err }, 'the core thread stopped: exiting');
        process.exit(1);
      });
    const core = await startCoreThread({ config, dataKeys: secrets.dataKeys, inferenceNodes, grpcAddress: o.coreAddress, onCrash });
    started.push(() => core.close());
    // One /metrics for the process: the gateway's registry serves core's too.
    const removeCoreMetrics = addMetricsSource(() => core.metrics());
    started.push(async () => removeCoreMetrics());
    const kv = await openKeyValueStore(config.redisUrl, { prefix: config.redisKeyPrefix });
    started.push(() => kv.close());
    const gateway = await startGateway({
      config,
      log: createLogger({ level: config.logLevel, component: 'gateway' }),
      kv,
      adminToken: secrets.adminToken,
      coreAddress: core.address,
      port: o.port,
      oauthSql: core.sql,
      dataKeys: secrets.dataKeys,
    });
    started.push(() => gateway.close());
    return { url: gateway.url, coreAddress: core.address, close: closeStarted };
  } catch (err) {
    // The start-up error is the one to report, not a failure to close what had started.
    await closeStarted().catch((closeErr: unknown) => log.warn({ err: closeErr }, 'closing after a failed start failed'));
    throw err;
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger({ level: config.logLevel, component: 'idgate' });
  sendGrpcLogsTo(log);
  const app = await startOrExit('idgate', log, () => startAllInOne({ config, log }));
  // Started, not necessarily ready: /readyz says when (an external inference node may still be unreachable).
  log.info({ url: app.url, baseUrl: config.baseUrl }, 'idgate started');
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
