import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appError } from '@idgate/protos';
import { activeModels, parseManifest } from './manifest.ts';
import { dequantizeDynamicInt8 } from './onnx/dequantize.ts';
import { OnnxModelError } from './onnx/model.ts';
import type { ActiveModels, ModelsManifest } from './manifest.types.ts';

/** The manifest kept in the project (inference/models.manifest.json). */
export const DEFAULT_MANIFEST_PATH = fileURLToPath(new URL('../../models.manifest.json', import.meta.url));

export interface VerifiedModels {
  readonly manifest: ModelsManifest;
  readonly active: ActiveModels;
  /**
   * The verified bytes of every active model file, by model id, in SharedArrayBuffers: workers
   * create their sessions from exactly the bytes whose checksum was checked, without re-reading disk
   * (after the in-memory float32 conversion for a model marked `loadAs: "float32"`).
   */
  readonly bytes: Readonly<Record<string, Uint8Array>>;
  readonly modelsDir: string;
}

/**
 * Reads the models manifest and verifies every ACTIVE model: the file exists in `modelsDir` and
 * its sha256 matches. Fails fast with MODEL_UNAVAILABLE naming the file otherwise.
 * @example const models = await loadModelManifest({ modelsDir: config.modelsDir })
 */
export async function loadModelManifest(opts: { modelsDir: string; manifestPath?: string }): Promise<VerifiedModels> {
  const manifestPath = opts.manifestPath ?? DEFAULT_MANIFEST_PATH;
  const manifest = parseManifest(await readJson(manifestPath), manifestPath);
  const active = activeModels(manifest);
  const modelsDir = resolve(opts.modelsDir);
  const bytes: Record<string, Uint8Array> = {};
  for (const spec of [active.detector, active.recognizer, active.age, ...active.liveness]) {
    const path = join(modelsDir, spec.file);
    const verified = await readVerified(path, spec.sha256, spec.id);
    bytes[spec.id] = toShared(spec.loadAs === 'float32' ? convertToFloat32(verified, path, spec.id) : verified);
  }
  return { manifest, active, bytes, modelsDir };
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw appError('MODEL_UNAVAILABLE', {
      message: `Cannot read models manifest ${path}: ${(err as Error).message}`,
      details: { reasons: ['manifest_unreadable'] },
      cause: err,
    });
  }
}

async function readVerified(path: string, sha256: string, id: string): Promise<Buffer> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (err) {
    throw appError('MODEL_UNAVAILABLE', {
      message: `Model file missing: ${path} (model "${id}"); set MODELS_DIR or see inference/MODELS.md`,
      details: { reasons: ['model_missing'], file: path },
      cause: err,
    });
  }
  const actual = createHash('sha256').update(data).digest('hex');
  if (actual !== sha256) {
    throw appError('MODEL_UNAVAILABLE', {
      message: `Model file checksum mismatch: ${path} (model "${id}") has sha256 ${actual}, manifest expects ${sha256}`,
      details: { reasons: ['model_checksum_mismatch'], file: path },
    });
  }
  return data;
}

function convertToFloat32(data: Uint8Array, path: string, id: string): Uint8Array {
  try {
    return dequantizeDynamicInt8(data);
  } catch (err) {
    if (!(err instanceof OnnxModelError)) throw err;
    throw appError('MODEL_UNAVAILABLE', {
      message: `Model file ${path} (model "${id}") cannot be loaded as float32: ${err.message}`,
      details: { reasons: ['model_conversion_failed'], file: path },
      cause: err,
    });
  }
}

function toShared(data: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(data.byteLength));
  shared.set(data);
  return shared;
}
