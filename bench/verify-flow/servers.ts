import Fastify from 'fastify';
import { Server, ServerCredentials, credentials, type ServiceDefinition } from '@grpc/grpc-js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNEL_OPTIONS, SERVER_OPTIONS, coreProto, callUnary, type core as coreTypes } from '@idgate/protos';
import { createLogger, loadConfig, resolveSecrets } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { startCore } from '@idgate/core';
import { startAllInOne } from '@idgate/deploy';
import { startGateway } from '@idgate/gateway';

/**
 * Child-process entry of the verify-flow benchmark: the load generator runs in the parent, so
 * it does not share an event loop with the server. argv[2] picks what to serve on argv[3] (port):
 *  - bare:    a Fastify route answering {ok:true} (baseline 1);
 *  - grpc:    a Fastify route making ONE empty unary gRPC call to a loopback server (baseline 2,
 *             the transport ceiling of gateway → core);
 *  - service: the real all-in-one service (PGlite, or Postgres + Redis from DATABASE_URL/REDIS_URL);
 *  - core, gateway: the production shape (npm run start:core / start:gateway), one process each,
 *    gRPC between them over loopback; both read DATA_DIR from the environment (shared secrets).
 */
const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg);

async function bare(): Promise<void> {
  const app = Fastify();
  app.get('/ping', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port });
}

async function grpcHop(): Promise<void> {
  // The health service's Ready(Empty) is the smallest unary call of core.proto.
  const proto = coreProto();
  const server = new Server(SERVER_OPTIONS);
  const impl: coreTypes.HealthServiceHandlers = { Ready: (_call, cb) => cb(null, { ready: true }) };
  server.addService(proto.HealthService.service as ServiceDefinition, impl);
  const grpcPort = await new Promise<number>((res, rej) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? rej(e) : res(p))),
  );
  const client = new proto.HealthService(`127.0.0.1:${grpcPort}`, credentials.createInsecure(), CHANNEL_OPTIONS);
  const app = Fastify();
  app.get('/ping', async () => callUnary(client, 'ready', {}));
  await app.listen({ host: '127.0.0.1', port });
}

function serviceConfig() {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'idgate-bench-')),
    LOG_LEVEL: 'warn',
    CORE_GRPC_ADDRESS: `127.0.0.1:${port + 1}`,
    ADMIN_TOKEN: process.env.ADMIN_TOKEN ?? `adm_${randomBytes(12).toString('hex')}`,
    RATE_LIMIT_INIT_PER_MINUTE: '1000000',
    RATE_LIMIT_WIDGET_PER_MINUTE: '1000000',
    RATE_LIMIT_TOKEN_VERIFY_PER_MINUTE: '1000000',
    INFERENCE_ENABLED: 'false',
  });
}

async function service(): Promise<void> {
  await startAllInOne({ config: serviceConfig(), log: createLogger({ level: 'warn', component: 'bench' }) });
}

/** `port` is the gateway's HTTP port; core serves gRPC on port + 1 (CORE_GRPC_ADDRESS). */
async function core(): Promise<void> {
  const config = serviceConfig();
  await startCore({ config, log: createLogger({ level: 'warn', component: 'bench-core' }), dataKeys: resolveSecrets(config).dataKeys });
}

async function gateway(): Promise<void> {
  const config = serviceConfig();
  const kv = await openKeyValueStore(config.redisUrl, { prefix: config.redisKeyPrefix });
  await startGateway({ config, log: createLogger({ level: 'warn', component: 'bench-gateway' }), kv, adminToken: resolveSecrets(config).adminToken });
}

await ({ bare, grpc: grpcHop, service, core, gateway } as Record<string, () => Promise<void>>)[mode]();
process.send?.('ready');
// Exit cleanly on SIGTERM/SIGINT so a --cpu-prof profile is written.
for (const s of ['SIGTERM', 'SIGINT'] as const) process.on(s, () => process.exit(0));
