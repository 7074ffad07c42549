import { parentPort, workerData } from 'node:worker_threads';
import { sendGrpcLogsTo } from '@idgate/protos';
import { createLogger, metricsSnapshot } from '@idgate/platform';
import { openDatabase, startCore, type CoreHandle, type Database } from '@idgate/core';
import { serializeFailure, type CoreThreadInit, type CoreThreadMessage, type CoreThreadRequest } from './messages.ts';

/**
 * The all-in-one process's core thread (core-thread/index.ts starts it): opens the database,
 * migrates, serves core's gRPC contract, and answers the main thread's requests: the OAuth
 * adapter's SQL on the one PGlite handle, this thread's metrics, and close.
 */
const port = parentPort;
if (!port) throw new Error('core-thread/worker.ts runs as a worker thread of the all-in-one process');
const init = workerData as CoreThreadInit;
const send = (message: CoreThreadMessage) => port.postMessage(message);

const log = createLogger({ level: init.config.logLevel, component: 'core' });
sendGrpcLogsTo(log); // grpc-js keeps one logger per thread
let database: Database | undefined;
let core: CoreHandle | undefined;
try {
  database = await openDatabase({
    url: init.config.databaseUrl,
    dataDir: init.config.dataDir,
    poolSize: init.config.databasePoolSize,
    schemaName: init.config.databaseSchema,
  });
  core = await startCore({ config: init.config, log, dataKeys: init.dataKeys, database, inferenceNodes: init.inferenceNodes, grpcAddress: init.grpcAddress });
} catch (err) {
  await database?.close().catch(() => undefined);
  send({ kind: 'start-failed', failure: serializeFailure(err) });
  port.close();
}

if (core && database) {
  const { pglite } = database;
  const running = { core, database };
  const handle = async (req: CoreThreadRequest): Promise<unknown> => {
    switch (req.kind) {
      case 'sql':
        // Embedded mode: the OAuth adapter's statements run here, on the one PGlite handle.
        if (!pglite) throw new Error('SQL is served by the core thread only in embedded (PGlite) mode');
        return { rows: (await pglite.query(req.text, req.params)).rows };
      case 'metrics':
        return metricsSnapshot();
      case 'close':
        // core drains its in-flight calls and background jobs, then storage closes: nothing half-written.
        await running.core.close();
        await running.database.close();
        return undefined;
    }
  };
  port.on('message', (req: CoreThreadRequest) => {
    handle(req).then(
      (value) => {
        send({ kind: 'reply', id: req.id, ok: true, value });
        // Closed: nothing keeps the thread alive, so it ends once the reply is sent.
        if (req.kind === 'close') port.close();
      },
      (err: unknown) => send({ kind: 'reply', id: req.id, ok: false, failure: serializeFailure(err) }),
    );
  });
  send({ kind: 'ready', address: core.address });
}
