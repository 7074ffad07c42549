import { createLogger, loadConfigOrExit, startMetricsServer, startOrExit } from '@idgate/protos';
import { startInferenceNode } from './index.ts';

/** `npm run start:inference`: one inference node as its own process (DESIGN: processes). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, component: 'inference' });
const { node, metrics } = await startOrExit('inference node', logger, async () => {
  const node = await startInferenceNode({ config, logger });
  try {
    // No HTTP server in this process: METRICS_PORT, when set, serves GET /metrics on HOST.
    const metrics = config.metricsPort === undefined ? undefined : await startMetricsServer({ host: config.host, port: config.metricsPort, log: logger });
    return { node, metrics };
  } catch (err) {
    await node.close();
    throw err;
  }
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'inference node stopping');
    node.close().then(() => metrics?.close()).then(() => process.exit(0), () => process.exit(1));
  });
}
