import { Server } from '@grpc/grpc-js';
import { appError, bindServer, healthService, inferenceProto, SERVER_OPTIONS, shutdownServer } from '@idgate/protos';
import type { Config, Logger } from '@idgate/platform';
import { DocumentInputError, prepareOcrModelBytes, type OcrModelBytes } from '../document/index.ts';
import { loadModelManifest } from '../models/load-manifest.ts';
import { InferencePool } from '../pool/inference-pool.ts';
import type { ExecutionProvider } from '../worker/sessions.ts';
import { createInferenceHandlers } from './inference-service.ts';

export interface InferenceNode {
  /** host:port actually bound (port 0 in the config picks a free port). */
  readonly address: string;
  /** Stops accepting calls, lets in-flight calls finish (bounded), then stops the workers. */
  close(): Promise<void>;
}

export interface StartInferenceNodeOptions {
  readonly config: Pick<
    Config,
    | 'modelsDir'
    | 'inferenceGrpcAddress'
    | 'inferencePoolSize'
    | 'inferenceIntraOpThreads'
    | 'inferenceMaxQueue'
    | 'inferenceTasksPerWorker'
    | 'inferenceExecutionProvider'
    | 'inferenceWorkerHeapFloorMb'
    | 'inferenceMaxPixels'
    | 'inferenceMaxImageBytes'
    | 'shutdownGraceMs'
  >;
  readonly logger: Logger;
  /** Another models manifest than inference/models.manifest.json (tests, operators' overrides). */
  readonly manifestPath?: string;
}

/**
 * Starts an inference node: verifies the models (fails fast naming a missing or altered file),
 * starts the worker pool and loads every worker's models, then serves InferenceService on the
 * configured address. Resolves once the node is ready to answer.
 * @example const node = await startInferenceNode({ config: loadConfig(), logger })
 */
export async function startInferenceNode(opts: StartInferenceNodeOptions): Promise<InferenceNode> {
  const { config, logger } = opts;
  const models = await loadModelManifest({ modelsDir: config.modelsDir, manifestPath: opts.manifestPath });
  const documentModels = await prepareDocumentModels();
  const pool = new InferencePool({
    models,
    documentModels,
    size: config.inferencePoolSize,
    intraOpThreads: config.inferenceIntraOpThreads,
    maxQueue: config.inferenceMaxQueue,
    tasksPerWorker: config.inferenceTasksPerWorker,
    executionProvider: config.inferenceExecutionProvider as ExecutionProvider,
    heapFloorMb: config.inferenceWorkerHeapFloorMb,
    limits: { maxPixels: config.inferenceMaxPixels, maxImageBytes: config.inferenceMaxImageBytes },
    logger,
  });
  let server: Server | undefined;
  try {
    const ready = await pool.start();
    server = new Server(SERVER_OPTIONS);
    server.addService(
      inferenceProto().InferenceService.service,
      createInferenceHandlers({ pool, models, ready, maxImageBytes: config.inferenceMaxImageBytes, logger }),
    );
    // grpc.health.v1 for probes: the pool is loaded before the port opens; NOT_SERVING once closing.
    let closing = false;
    server.addService(...healthService(() => !closing, ['idgate.inference.v1.InferenceService']));
    const address = await bindServer(server, config.inferenceGrpcAddress);
    logger.info({ address, poolSize: config.inferencePoolSize, provider: ready.provider, models: ready.models }, 'inference node ready');
    return {
      address,
      close: () => {
        closing = true;
        return closeNode(server as Server, pool, config.shutdownGraceMs);
      },
    };
  } catch (err) {
    server?.forceShutdown();
    await pool.close();
    throw err;
  }
}

/** The OCR models for every worker; a file that fails its checksum stops start-up, naming it. */
async function prepareDocumentModels(): Promise<OcrModelBytes> {
  try {
    return await prepareOcrModelBytes();
  } catch (err) {
    if (err instanceof DocumentInputError)
      throw appError('MODEL_UNAVAILABLE', {
        message: `Document reader model unusable: ${err.message}`,
        details: { reasons: ['model_checksum_mismatch'] },
        cause: err,
      });
    throw err;
  }
}

async function closeNode(server: Server, pool: InferencePool, graceMs: number): Promise<void> {
  await shutdownServer(server, graceMs);
  await pool.close();
}
