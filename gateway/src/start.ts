import { createCoreClients } from '@idgate/protos';
import { resolveSecrets, type Config, type Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { openSqlPool, type SqlHandle } from '@idgate/oauth';
import { buildApp } from './app.ts';

export interface GatewayHandle {
  url: string;
  /** Every route the app registered, as Fastify added them (onRoute). */
  routes(): { url: string; methods: string[] }[];
  close(): Promise<void>;
}

/**
 * Listens on HOST:PORT. close() is graceful: readiness turns 503, the server stops accepting,
 * in-flight requests finish (Fastify waits for them), then the core channel closes.
 */
export async function startGateway(o: {
  config: Config;
  log: Logger;
  kv: KeyValueStore;
  adminToken: string;
  coreAddress?: string;
  port?: number;
  now?: () => number;
  oauthSql?: SqlHandle;
  dataKeys?: string[];
}): Promise<GatewayHandle> {
  // Core is always on another event loop (its own process, or its own thread in the all-in-one
  // process), where the multiplexed stream measured faster (docs/architecture.md "Gateway → core transport").
  const multiplex = o.config.coreMultiplex ?? true;
  const core = createCoreClients(o.coreAddress ?? o.config.coreGrpcAddress, { multiplex });
  // The OAuth provider shares core's database: the embedded launcher passes its handle; a
  // standalone gateway opens a small pool on DATABASE_URL; without either /oauth is not mounted.
  const ownPool = !o.oauthSql && o.config.databaseUrl ? openSqlPool(o.config.databaseUrl, { poolSize: 4, schemaName: o.config.databaseSchema }) : undefined;
  const oauthSql = o.oauthSql ?? ownPool?.sql;
  const oauth = oauthSql ? { config: o.config, sql: oauthSql, dataKeys: o.dataKeys ?? resolveSecrets(o.config).dataKeys } : undefined;
  const app = await buildApp({
    core,
    kv: o.kv,
    log: o.log,
    settings: {
      baseUrl: o.config.baseUrl,
      trustProxy: trustProxyFrom(o.config.trustProxy),
      bodyLimitBytes: o.config.bodyLimitBytes,
      requestTimeoutMs: o.config.requestTimeoutMs,
      adminToken: o.adminToken,
      rateLimits: {
        init: o.config.rateLimitInitPerMinute,
        tokenVerify: o.config.rateLimitTokenVerifyPerMinute,
        widget: o.config.rateLimitWidgetPerMinute,
        wallet: o.config.rateLimitWalletPerMinute,
      },
      widgetOrigins: [...new Set([new URL(o.config.baseUrl).origin, new URL(o.config.widgetUrl).origin])],
      now: o.now,
      maxImageBytes: o.config.inferenceMaxImageBytes,
      maxFrameBytes: o.config.faceFrameMaxBytes,
      uploadLimits: {
        clientMaxInFlight: o.config.uploadClientMaxInFlight,
        clientMaxBytes: o.config.uploadClientMaxBytesInFlight,
        processMaxInFlight: o.config.uploadMaxInFlight,
        processMaxBytes: o.config.uploadMaxBytesInFlight,
      },
      widget: { modelsDir: o.config.modelsDir, manifestPath: o.config.modelsManifest },
    },
    oauth,
  });
  const url = await app.listen({ host: o.config.host, port: o.port ?? o.config.port });
  o.log.info({ url }, 'gateway listening');
  return {
    url,
    routes: () => app.routeTable(),
    async close() {
      app.markShuttingDown();
      // Keep-alive connections that were busy when closing began would hold server.close() open
      // for the keep-alive timeout; responses now say `Connection: close`, and connections are
      // closed as soon as they turn idle. In-flight requests still finish.
      const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweeper);
        core.close();
        await ownPool?.close();
      }
    },
  };
}

/** TRUST_PROXY as Fastify takes it: the trusted proxies' addresses; undefined when unset. */
function trustProxyFrom(items: readonly string[] | undefined): string[] | undefined {
  return items?.length ? [...items] : undefined;
}
