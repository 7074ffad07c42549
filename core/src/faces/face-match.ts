import { readFileSync } from 'node:fs';

/**
 * How core compares two stored face embeddings (Face 2FA, blacklist): the active recognizer of the
 * models manifest and its calibrated threshold, read as data (core does not import inference).
 * Embeddings are L2-normalised, so the cosine similarity is their dot product.
 */
export interface FaceMatchPolicy {
  /** The active recognizer's id: the `model` the inference node writes on every embedding. */
  model: string;
  /** Models whose embeddings live in the same space (manifest `acceptsEmbeddingsOf`). */
  accepts: readonly string[];
  threshold: number;
}

export interface StoredEmbedding {
  values: ArrayLike<number>;
  model: string;
}

/** Without a models manifest (unit tests of core alone) no two faces ever match. */
export const NO_FACE_MATCH: FaceMatchPolicy = { model: '', accepts: [], threshold: Number.POSITIVE_INFINITY };

interface ManifestShape {
  active: { recognizer: string };
  models: Record<string, { matchThreshold?: number; acceptsEmbeddingsOf?: string[] }>;
}

export function faceMatchPolicyFromManifest(json: unknown): FaceMatchPolicy {
  const m = json as ManifestShape;
  const model = m.active.recognizer;
  const spec = m.models[model];
  if (typeof spec?.matchThreshold !== 'number') throw new Error(`models manifest: active recognizer ${model} has no matchThreshold`);
  return { model, accepts: spec.acceptsEmbeddingsOf ?? [], threshold: spec.matchThreshold };
}

export function readFaceMatchPolicy(manifestPath: string): FaceMatchPolicy {
  return faceMatchPolicyFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
}

/** True when an embedding can be compared on the active recognizer's scale. */
export function comparable(e: StoredEmbedding, policy: FaceMatchPolicy): boolean {
  return e.model === policy.model || policy.accepts.includes(e.model);
}

/** The same person, by the calibrated threshold. Embeddings of another model never match. */
export function sameFace(a: StoredEmbedding, b: StoredEmbedding, policy: FaceMatchPolicy): boolean {
  if (!comparable(a, policy) || !comparable(b, policy) || a.values.length !== b.values.length) return false;
  let dot = 0;
  for (let i = 0; i < a.values.length; i++) dot += (a.values[i] as number) * (b.values[i] as number);
  return dot >= policy.threshold;
}
