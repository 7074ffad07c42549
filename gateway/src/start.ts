import { createCoreClients, type Config, type KeyValueStore, type Logger } from '@idgate/protos';
import { buildApp } from './app.ts';

export interface GatewayHandle {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on HOST:PORT. close() is graceful: readiness turns 503, the server stops accepting,
 * in-flight requests finish (Fastify waits for them), then the core channel closes.
 */
export async function startGateway(o: { config: Config; log: Logger; kv: KeyValueStore; adminToken: string; coreAddress?: string; port?: number }): Promise<GatewayHandle> {
  const core = createCoreClients(o.coreAddress ?? o.config.coreGrpcAddress);
  const app = await buildApp({
    core,
    kv: o.kv,
    log: o.log,
    settings: {
      baseUrl: o.config.baseUrl,
      bodyLimitBytes: o.config.bodyLimitBytes,
      adminToken: o.adminToken,
      rateLimits: { init: o.config.rateLimitInitPerMinute, tokenVerify: o.config.rateLimitTokenVerifyPerMinute, widget: o.config.rateLimitWidgetPerMinute },
    },
  });
  const url = await app.listen({ host: o.config.host, port: o.port ?? o.config.port });
  o.log.info({ url }, 'gateway listening');
  return {
    url,
    async close() {
      app.markShuttingDown();
      await app.close();
      core.close();
    },
  };
}
