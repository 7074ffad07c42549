import { startMetricsServer, type Logger } from '@idgate/platform';
import { startOrExit } from '../errors/startup-failure.ts';
import { sendGrpcLogsTo } from './grpc-logs.ts';

/**
 * The life of a process entry point without an HTTP server of its own (`start:core`,
 * `start:inference`): start the service, then its /metrics listener when METRICS_PORT is set (a
 * listener that cannot bind closes the service again and start-up fails, reported by
 * startOrExit); on SIGTERM or SIGINT close the service, then the listener, and exit 0 (1 when
 * closing failed).
 */
export async function runHeadlessProcess(o: {
  name: string;
  log: Logger;
  host: string;
  metricsPort?: number;
  start: () => Promise<{ close(): Promise<void> }>;
}): Promise<void> {
  sendGrpcLogsTo(o.log);
  const { service, metrics } = await startOrExit(o.name, o.log, async () => {
    const service = await o.start();
    try {
      const metrics = o.metricsPort === undefined ? undefined : await startMetricsServer({ host: o.host, port: o.metricsPort, log: o.log });
      return { service, metrics };
    } catch (err) {
      await service.close();
      throw err;
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      o.log.info({ signal }, `${o.name} stopping`);
      service
        .close()
        .then(() => metrics?.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
