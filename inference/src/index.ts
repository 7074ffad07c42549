/**
 * @idgate/inference: the inference node (gRPC server in front of a Piscina pool of ONNX workers)
 * and its models manifest. The browser-safe pre/post-processing is `@idgate/inference/vision`.
 */
export { startInferenceNode, type InferenceNode, type StartInferenceNodeOptions } from './server/start-node.ts';
export { loadModelManifest, DEFAULT_MANIFEST_PATH, type VerifiedModels } from './models/load-manifest.ts';
export { parseManifest, activeModels } from './models/manifest.ts';
export type { ModelsManifest, ModelSpec, ActiveModels, InferencePolicy } from './models/manifest.types.ts';
export { InferencePool, type InferencePoolOptions, type PoolStats } from './pool/inference-pool.ts';
export { workerHeapFlags } from './pool/worker-heap.ts';
export { prepareOcrModelBytes, type OcrModelBytes } from './document/index.ts';
export type * from './pool/protocol.ts';
