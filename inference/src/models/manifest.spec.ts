import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '@idgate/protos';
import { DEFAULT_MANIFEST_PATH, loadModelManifest } from './load-manifest.ts';
import { activeModels, parseManifest } from './manifest.ts';
import type { ModelsManifest } from './manifest.types.ts';
import { SHARED_MODELS_DIR } from '../../test/fixtures/faces.ts';

const manifest = JSON.parse(await readFile(DEFAULT_MANIFEST_PATH, 'utf8')) as ModelsManifest;

async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

describe('models manifest', () => {
  it('resolves the active model of every role from the project manifest', () => {
    const active = activeModels(parseManifest(manifest, 'models.manifest.json'));
    expect(active.detector.role).toBe('detector');
    expect(active.recognizer.embeddingSize).toBe(512);
    expect(active.age.policy.passAtOrAbove['18']).toBeGreaterThanOrEqual(18);
    expect(active.liveness.length).toBe(2);
  });

  it('refuses an age model whose gate policy would pass a face under the gate, or has the old shape', () => {
    const age = manifest.models[manifest.active.age];
    const low = {
      ...manifest,
      models: {
        ...manifest.models,
        x: { ...age, policy: { decideOn: 'estimate', passAtOrAbove: { 12: 12, 15: 15, 18: 17, 21: 21, 25: 25 }, failBelowMinAgeBy: 5 } },
      },
    };
    expect(() => parseManifest(low, 'x')).toThrow(/models\.x: policy\.passAtOrAbove\.18 must be a number >= 18/);
    const old = { ...manifest, models: { ...manifest.models, x: { ...age, policy: { bufferYears: 10, minPassAge: 36 } } } };
    expect(() => parseManifest(old, 'x')).toThrow(/policy\.decideOn/);
    const crop = { ...manifest, models: { ...manifest.models, x: { ...age, crop: { kind: 'box', margin: 2 } } } };
    expect(() => parseManifest(crop, 'x')).toThrow(/crop must be/);
    const browser = { ...manifest, models: { ...manifest.models, x: { ...age, browser: { file: '../age.onnx', sha256: 'a'.repeat(64) } } } };
    expect(() => parseManifest(browser, 'x')).toThrow(/browser must name a file inside MODELS_DIR/);
    const unbanded = { ...manifest, models: { ...manifest.models, x: { ...age, browser: { file: 'age.onnx', sha256: 'a'.repeat(64) } } } };
    expect(() => parseManifest(unbanded, 'x')).toThrow(/models\.x\.browser: guardBand must be/);
    const spread = { ...manifest, models: { ...manifest.models, x: { ...age, spread: { kind: 'quantiles', low: 0.8, high: 0.2 } } } };
    expect(() => parseManifest(spread, 'x')).toThrow(/spread must be/);
  });

  it('refuses an active id that names a model of another role', () => {
    const bad = { ...manifest, active: { ...manifest.active, detector: 'w600k-mbf-int8' } };
    expect(() => activeModels(parseManifest(bad, 'x'))).toThrow(/"w600k-mbf-int8" is a recognizer, not a detector/);
  });

  it('refuses a file path that leaves MODELS_DIR and a malformed checksum', () => {
    const escape = { ...manifest, models: { ...manifest.models, x: { ...manifest.models['yunet-n-320'], file: '../etc/passwd' } } };
    expect(() => parseManifest(escape, 'x')).toThrow(/file must be a file name inside MODELS_DIR/);
    const sha = { ...manifest, models: { ...manifest.models, x: { ...manifest.models['yunet-n-320'], sha256: 'abc' } } };
    expect(() => parseManifest(sha, 'x')).toThrow(/sha256 must be 64 hex digits/);
  });

  it('fails fast naming the missing model file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'idgate-models-'));
    const err = await rejection(loadModelManifest({ modelsDir: dir }));
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.message).toContain(join(dir, 'yunet_n_320_320.onnx'));
  });

  it('fails fast naming a model file whose sha256 differs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'idgate-models-'));
    await writeFile(join(dir, 'yunet_n_320_320.onnx'), 'not the model');
    const err = await rejection(loadModelManifest({ modelsDir: dir }));
    expect(err.message).toMatch(/checksum mismatch: .*yunet_n_320_320\.onnx/);
  });
});

describe('models manifest: loadAs float32', () => {
  it('refuses a loadAs value other than float32', () => {
    const bad = { ...manifest, models: { ...manifest.models, x: { ...manifest.models['yunet-n-320'], loadAs: 'int4' } } };
    expect(() => parseManifest(bad, 'x')).toThrow(/loadAs must be "float32" or absent/);
  });

  it('loads the active recognizer as float32 from the INT8 file whose checksum it verified', async () => {
    const models = await loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR });
    expect(models.active.recognizer).toMatchObject({ loadAs: 'float32', file: 'w600k_mbf_int8.onnx' });
    const original = await readFile(join(models.modelsDir, 'w600k_mbf_int8.onnx'));
    // About four times the INT8 file: 32-bit weights in place of 8-bit ones.
    expect(models.bytes[models.active.recognizer.id]!.byteLength).toBeGreaterThan(3 * original.byteLength);
    expect(models.bytes[models.active.recognizer.id]!.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('fails fast naming the file when a model marked loadAs float32 is not dynamically quantized', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'idgate-models-'));
    const path = join(dir, 'manifest.json');
    const yunet = manifest.models['yunet-n-320']!;
    const recognizer = { ...manifest.models['w600k-mbf-float32'], file: yunet.file, sha256: yunet.sha256 };
    await writeFile(path, JSON.stringify({ ...manifest, models: { ...manifest.models, 'w600k-mbf-float32': recognizer } }));
    const err = await rejection(loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR, manifestPath: path }));
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.message).toMatch(/yunet_n_320_320\.onnx \(model "w600k-mbf-float32"\) cannot be loaded as float32: no dynamically quantized node/);
  });
});
