import { sendGrpcLogsTo, startOrExit } from '@idgate/protos';
import { createLogger, loadConfigOrExit, resolveSecrets } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { startGateway } from './start.ts';

// `npm run start:gateway`: the gateway as its own process, dialing core at CORE_GRPC_ADDRESS.
const config = loadConfigOrExit();
const log = createLogger({ level: config.logLevel, component: 'gateway' });
sendGrpcLogsTo(log);
const { kv, gateway } = await startOrExit('gateway', log, async () => {
  const kv = await openKeyValueStore(config.redisUrl, { prefix: config.redisKeyPrefix });
  return { kv, gateway: await startGateway({ config, log, kv, adminToken: resolveSecrets(config).adminToken }) };
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    gateway
      .close()
      .then(() => kv.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
