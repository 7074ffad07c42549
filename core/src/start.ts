import { ConfigError, type Config, type Logger } from '@idgate/platform';
import { openKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { openDatabase, type Database } from './db/client.ts';
import { buildContainer, type Container } from './container.ts';
import { startCoreGrpcServer } from './grpc/server.ts';
import { every, expireDueSessions } from './jobs/expiry.job.ts';
import { purgeRetainedData } from './jobs/retention.job.ts';
import { loadCountryLookup } from './geo/ip-country.service.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { InferenceScheduler } from './scheduler/index.ts';
import { ScreeningEngine, startNightlyRefresh } from './screening/index.ts';
import { startTrustRefresh } from './wallet/trust/schedule.ts';
import { resolveVerifierIdentity } from './wallet/verifier-identity.ts';
import { trustedListsFromConfig, TrustListArchiveRepository } from './wallet/trust/index.ts';
import { readDevicePolicy } from './widget/on-device-policy.ts';
import { readFaceMatchPolicy } from './faces/face-match.ts';
import type { DevicePolicy } from './widget/device-verdict.ts';

export interface CoreHandle {
  container: Container;
  /** host:port core serves gRPC on. */
  address: string;
  database: Database;
  close(): Promise<void>;
}

export interface StartCoreOptions {
  config: Config;
  log: Logger;
  dataKeys: string[];
  /** Shared handles (all-in-one mode shares one PGlite and one in-process KV). */
  database?: Database;
  kv?: KeyValueStore;
  clock?: Clock;
  /** Overrides config.coreGrpcAddress (tests bind port 0). */
  grpcAddress?: string;
  /** Overrides the policy read from MODELS_MANIFEST (tests). */
  devicePolicy?: DevicePolicy;
  /** A loaded screening engine (tests); otherwise one is built from SCREENING_SOURCE. */
  screening?: ScreeningEngine;
  /** Overrides INFERENCE_NODES; an empty list runs without inference. */
  inferenceNodes?: readonly string[];
  /** Background jobs (expiry sweep); tests drive them by hand. */
  runJobs?: boolean;
}

/** Opens storage, migrates, builds the container and serves core's gRPC contract. */
export async function startCore(o: StartCoreOptions): Promise<CoreHandle> {
  const grpcAddress = o.grpcAddress ?? o.config.coreGrpcAddress;
  // dns:///name:port is how a gateway finds every core; core itself listens on one host:port.
  if (grpcAddress.startsWith('dns:'))
    throw new ConfigError(
      'CORE_GRPC_ADDRESS',
      `must be host:port where core listens (dns:///name:port is for a gateway in its own process), got "${grpcAddress}"`,
    );
  const database =
    o.database ??
    (await openDatabase({ url: o.config.databaseUrl, dataDir: o.config.dataDir, poolSize: o.config.databasePoolSize, schemaName: o.config.databaseSchema }));
  await database.migrate();
  const kv = o.kv ?? (await openKeyValueStore(o.config.redisUrl, { prefix: o.config.redisKeyPrefix }));
  const nodes = o.inferenceNodes ?? o.config.inferenceNodes;
  const inference = nodes.length ? new InferenceScheduler({ nodes, logger: o.log }) : undefined;
  await inference?.start();
  const devicePolicy = o.devicePolicy ?? readDevicePolicy(o.config.modelsManifest);
  const faceMatchPolicy = readFaceMatchPolicy(o.config.modelsManifest);
  const lookupCountry = loadCountryLookup(o.config.ipCountryDb, o.log);
  const screening = o.screening ?? (o.config.screeningSource ? new ScreeningEngine({ logger: o.log.child({ component: 'screening' }) }) : undefined);
  // Loaded in the background at boot and refreshed nightly; until the first load, document
  // verifications report checks.aml.performed = false (never a silent pass).
  const nightly =
    screening && o.config.screeningSource && !o.screening
      ? startNightlyRefresh(screening, {
          source: o.config.screeningSource.split(',').map((x) => x.trim()),
          hourUtc: o.config.screeningRefreshHourUtc,
          logger: o.log.child({ component: 'screening' }),
        })
      : undefined;
  const walletTrust = trustedListsFromConfig(o.config, {
    archive: new TrustListArchiveRepository(database.db),
    log: o.log.child({ component: 'wallet-trust' }),
    now: () => (o.clock ?? systemClock).now(),
  });
  const walletIdentity = walletTrust ? await verifierIdentity(o.config, o.log) : null;
  const container = buildContainer({
    walletTrust,
    walletIdentity,
    screening,
    config: o.config,
    database,
    kv,
    log: o.log,
    dataKeys: o.dataKeys,
    clock: o.clock,
    devicePolicy,
    faceMatchPolicy,
    inference,
    lookupCountry,
  });
  const server = await startCoreGrpcServer(container, grpcAddress, o.log);
  // Outbound webhooks (docs/webhooks.md): the dispatcher runs with the other background jobs.
  const runDispatcher = o.runJobs !== false && container.webhooks.settings.dispatcherEnabled;
  const dispatcherDatabase = runDispatcher && o.config.webhookDatabasePoolSize > 0 ? await database.sibling?.(o.config.webhookDatabasePoolSize) : undefined;
  const dispatcher = runDispatcher ? container.webhooks.dispatcher({ database: dispatcherDatabase }) : null;
  await dispatcher?.start();
  const stopJobs =
    o.runJobs === false
      ? async () => undefined
      : every(
          60_000,
          () => expireDueSessions({ sessions: container.repositories.sessions, lifecycle: container.lifecycle, clock: container.clock }),
          o.log,
          'expire-sessions',
        );
  // Retention (spec §8): claims and selfie embeddings after 24 h, brackets, fingerprints.
  const stopPurge =
    o.runJobs === false
      ? async () => undefined
      : every(
          60_000,
          () => purgeRetainedData({ ...container.decisions.repositories, faces: container.faces.repository, clock: container.clock }),
          o.log,
          'purge-retained-data',
        );
  // EU wallet trusted lists: the persisted copies first (re-verified), then the network, then on a schedule;
  // while nothing has loaded, a failed first fetch is retried every minute rather than every refresh period.
  const trust = container.walletTrust;
  const stopTrust =
    o.runJobs === false || !trust?.hasLists ? async () => undefined : startTrustRefresh(trust, o.config.walletTrustRefreshMinutes * 60_000, o.log);
  o.log.info({ address: server.address, database: database.kind }, 'core serving');
  return {
    container,
    address: server.address,
    database,
    async close() {
      server.markClosing(); // probes see NOT_SERVING while the jobs and the dispatcher stop
      await stopJobs();
      await stopPurge();
      await stopTrust();
      await dispatcher?.stop();
      await dispatcherDatabase?.close();
      nightly?.stop();
      await server.close(o.config.shutdownGraceMs);
      // Face 2FA / blacklist jobs already accepted finish and record their outcome.
      await container.faces.tasks.drain();
      inference?.close();
      if (!o.kv) await kv.close();
      if (!o.database) await database.close();
    },
  };
}

/**
 * The wallet verifier's identity: WALLET_VERIFIER_CERT/KEY, or on an embedded start (no DATABASE_URL, not
 * production) a self-signed development certificate generated once into DATA_DIR/wallet/ and reused, so the
 * client_id stays stable across restarts. Real wallets refuse it (docs/wallet.md "Development certificate").
 */
async function verifierIdentity(config: Config, log: Logger) {
  const embedded = !config.databaseUrl && config.nodeEnv !== 'production';
  const identity = await resolveVerifierIdentity({
    certPath: config.walletVerifierCert,
    keyPath: config.walletVerifierKey,
    devDir: embedded ? `${config.dataDir}/wallet` : undefined,
    hostname: new URL(config.baseUrl).hostname,
  });
  if (identity?.selfSigned)
    log.warn({ clientId: identity.clientId }, 'wallet path uses a self-signed development verifier certificate; real wallets refuse it');
  if (!identity) log.info('wallet path off: no WALLET_VERIFIER_CERT/KEY');
  return identity;
}
