import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appError } from '@idgate/protos';
import { WIDGET_BUILD_DIR, type WidgetBuild } from '../widget/build/build-widget.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface ManifestModel { file: string; sha256: string; [k: string]: unknown }
interface Manifest {
  active: { detector: string; age: string; liveness: string[] };
  models: Record<string, ManifestModel>;
  policy: { liveness: { threshold: number }; quality: unknown; subject: unknown };
}

/** Fields of a manifest entry the browser needs to run it (no licence text, no file names). */
function browserSpec(m: ManifestModel): Record<string, unknown> {
  const { file: _f, sha256: _s, license: _l, commercialUse: _c, calibration: _k, ...spec } = m;
  return spec;
}

/**
 * Static assets of the hosted widget (docs/widget.md): the built bundle (content-hashed names), the
 * onnxruntime-web WASM (in a folder named by its version), and the active face models, content-addressed by their manifest sha256.
 * A model file is read from MODELS_DIR and served only if its bytes hash to the manifest value.
 */
export function widgetAssetRoutes(app: FastifyInstance, d: { build: WidgetBuild; modelsDir: string; manifestPath: string }): void {
  const manifest = JSON.parse(readFileSync(d.manifestPath, 'utf8')) as Manifest;
  const ids = [manifest.active.detector, manifest.active.age, ...manifest.active.liveness];
  const byHash = new Map(ids.map((id) => [manifest.models[id].sha256, manifest.models[id]]));
  const verified = new Map<string, Buffer>();
  const ref = (id: string) => {
    const m = manifest.models[id];
    return { url: `/widget/models/${m.sha256}.onnx`, sha256: m.sha256, integrity: `sha256-${Buffer.from(m.sha256, 'hex').toString('base64')}`, spec: browserSpec(m) };
  };
  const age = manifest.models[manifest.active.age] as ManifestModel & { policy?: { bufferYears?: number; minPassAge?: number } };
  const config = {
    ortWasmPath: `/widget/assets/${d.build.ortDir}/`,
    models: { detector: ref(manifest.active.detector), age: ref(manifest.active.age), liveness: manifest.active.liveness.map(ref) },
    policy: { livenessThreshold: manifest.policy.liveness.threshold, ageBufferYears: age.policy?.bufferYears ?? 10, minPassAge: age.policy?.minPassAge ?? 0, quality: manifest.policy.quality, subject: manifest.policy.subject },
  };

  app.get('/widget/config.json', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').send(config));

  app.get<{ Params: { sha: string } }>('/widget/models/:sha', { schema: { hide: true } }, async (req, reply) => {
    const sha = req.params.sha.replace(/\.onnx$/, '');
    const model = byHash.get(sha);
    if (!model) throw appError('NOT_FOUND');
    let bytes = verified.get(sha);
    if (!bytes) {
      bytes = await readFile(join(d.modelsDir, model.file));
      if (createHash('sha256').update(bytes).digest('hex') !== sha) throw appError('UPSTREAM_UNAVAILABLE', { details: { reasons: ['model_hash_mismatch'] } });
      verified.set(sha, bytes);
    }
    return reply.headers({ 'content-type': 'application/octet-stream', 'cache-control': IMMUTABLE, etag: `"${sha}"`, 'x-content-sha256': sha }).send(bytes);
  });

  const assets = resolve(WIDGET_BUILD_DIR, 'assets');
  app.get<{ Params: { '*': string } }>('/widget/assets/*', { schema: { hide: true } }, async (req, reply) => {
    const path = resolve(assets, req.params['*']);
    if (!path.startsWith(assets + '/')) throw appError('NOT_FOUND');
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes) throw appError('NOT_FOUND');
    return reply.headers({ 'content-type': contentType(path), 'cache-control': IMMUTABLE }).send(bytes);
  });
}


function contentType(path: string): string {
  if (path.endsWith('.js') || path.endsWith('.mjs')) return 'text/javascript; charset=utf-8';
  if (path.endsWith('.css')) return 'text/css; charset=utf-8';
  if (path.endsWith('.wasm')) return 'application/wasm';
  return 'application/octet-stream';
}

