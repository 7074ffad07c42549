import { createLogger, loadConfigOrExit, resolveSecrets, startMetricsServer, startOrExit } from '@idgate/protos';
import { startCore } from './start.ts';

// `npm run start:core`: core as its own process (needs DATABASE_URL; PGlite cannot be shared
// between processes, so the embedded mode runs everything in one process: `npm start`).
const config = loadConfigOrExit();
const log = createLogger({ level: config.logLevel, component: 'core' });
const secrets = resolveSecrets(config);
const { core, metrics } = await startOrExit('core', log, async () => {
  const core = await startCore({ config, log, dataKeys: secrets.dataKeys });
  try {
    // No HTTP server in this process: METRICS_PORT, when set, serves GET /metrics on HOST.
    const metrics = config.metricsPort === undefined ? undefined : await startMetricsServer({ host: config.host, port: config.metricsPort, log });
    return { core, metrics };
  } catch (err) {
    await core.close();
    throw err;
  }
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    core.close().then(() => metrics?.close()).then(() => process.exit(0), () => process.exit(1));
  });
}
