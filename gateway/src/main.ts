import { createLogger, loadConfigOrExit, openKeyValueStore, reportStartupFailure, resolveSecrets, type KeyValueStore } from '@idgate/protos';
import { startGateway } from './start.ts';

// `npm run start:gateway`: the gateway as its own process, dialing core at CORE_GRPC_ADDRESS.
const config = loadConfigOrExit();
const log = createLogger({ level: config.logLevel, component: 'gateway' });
let kv: KeyValueStore;
let gateway: Awaited<ReturnType<typeof startGateway>>;
try {
  kv = await openKeyValueStore(config.redisUrl);
  gateway = await startGateway({ config, log, kv, adminToken: resolveSecrets(config).adminToken });
} catch (err) {
  reportStartupFailure(err, log, 'gateway');
  process.exit();
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    gateway.close().then(() => kv.close()).then(() => process.exit(0), () => process.exit(1));
  });
}
