import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appError, parseAgeGatePolicy } from '@idgate/protos';
import { WIDGET_BUILD_DIR, type WidgetBuild } from '../widget/build/build-widget.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface ManifestModel {
  file: string;
  sha256: string;
  [k: string]: unknown;
}
interface Manifest {
  active: { detector: string; age: string; liveness: string[] };
  models: Record<string, ManifestModel>;
  policy: { liveness: { threshold: number }; quality: unknown; subject: unknown };
}

/** Fields of a manifest entry the browser needs to run it (no licence text, no file names). */
function browserSpec(m: ManifestModel): Record<string, unknown> {
  const { file: _f, sha256: _s, license: _l, commercialUse: _c, calibration: _k, browser: _b, policy: _p, ...spec } = m;
  return spec;
}

/** The file a browser fetches for a model: its `browser` variant (same network, smaller weights) when it has one. */
function browserFile(m: ManifestModel): { file: string; sha256: string } {
  const b = m.browser as { file: string; sha256: string } | undefined;
  return b ?? { file: m.file, sha256: m.sha256 };
}

/**
 * Static assets of the hosted widget (docs/widget.md): the built bundle (content-hashed names), the
 * onnxruntime-web WASM (in a folder named by its version), and the active face models, content-addressed by their manifest sha256.
 * A model file is read from MODELS_DIR and served only if its bytes hash to the manifest value.
 */
export function widgetAssetRoutes(app: FastifyInstance, d: { build: WidgetBuild; modelsDir: string; manifestPath: string }): void {
  const manifest = JSON.parse(readFileSync(d.manifestPath, 'utf8')) as Manifest;
  const ids = [manifest.active.detector, manifest.active.age, ...manifest.active.liveness];
  const byHash = new Map(
    ids.map((id) => {
      const f = browserFile(manifest.models[id]);
      return [f.sha256, f];
    }),
  );
  const verified = new Map<string, Buffer>();
  const ref = (id: string) => {
    const m = manifest.models[id];
    const { sha256 } = browserFile(m);
    return { url: `/widget/models/${sha256}.onnx`, sha256, integrity: `sha256-${Buffer.from(sha256, 'hex').toString('base64')}`, spec: browserSpec(m) };
  };
  const age = manifest.models[manifest.active.age];
  const config = {
    ortWasmPath: `/widget/assets/${d.build.ortDir}/`,
    models: { detector: ref(manifest.active.detector), age: ref(manifest.active.age), liveness: manifest.active.liveness.map(ref) },
    policy: {
      livenessThreshold: manifest.policy.liveness.threshold,
      age: parseAgeGatePolicy(age.policy, `models manifest: models.${manifest.active.age}`),
      quality: manifest.policy.quality,
      subject: manifest.policy.subject,
    },
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
