import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appError, parseAgeGatePolicy, parseAgeGuardBand } from '@idgate/protos';
import { WIDGET_BUILD_DIR, type WidgetBuild } from '../widget/build/build-widget.ts';
import { encode, ENCODING_SUFFIX, STORED_ENCODINGS } from '../assets/content-encoding.ts';
import { sendEncoded, type EncodedAsset } from '../assets/encoded-reply.ts';
import { splitPlanes } from '../widget/byte-planes.ts';

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
function browserFile(m: ManifestModel): { file: string; sha256: string; weightBytes?: number } {
  const b = m.browser as { file: string; sha256: string; weightBytes?: number } | undefined;
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
  const age = manifest.models[manifest.active.age];
  // The age model's float32 file, when the browser runs a smaller one: fetched only for a face
  // whose verdict lies within the guard band (docs/widget.md "What path A loads").
  const ageReference = age.browser ? { file: age.file, sha256: age.sha256 } : undefined;
  const byHash = new Map([...ids.map((id) => browserFile(manifest.models[id])), ...(ageReference ? [ageReference] : [])].map((f) => [f.sha256, f]));
  const verified = new Map<string, Promise<EncodedAsset>>();
  // Every model but the small detector travels as byte planes (byte-planes.ts: the same bytes,
  // about 7% smaller in brotli): as many planes as its weights have bytes, float16 where the
  // manifest says so, else float32. The detector keeps its plain file and fetch integrity.
  const planes = new Map<string, number>();
  const refOf = (m: ManifestModel, f: { sha256: string; weightBytes?: number }, plain = false) => {
    const n = plain ? 1 : (f.weightBytes ?? 4);
    planes.set(f.sha256, n);
    return {
      url: `/widget/models/${f.sha256}.${n === 1 ? 'onnx' : `p${n}`}`,
      sha256: f.sha256,
      integrity: `sha256-${Buffer.from(f.sha256, 'hex').toString('base64')}`,
      ...(n === 1 ? {} : { planes: n }),
      spec: browserSpec(m),
    };
  };
  const ref = (id: string) => refOf(manifest.models[id], browserFile(manifest.models[id]), id === manifest.active.detector);
  const where = `models manifest: models.${manifest.active.age}`;
  const config = {
    ortWasmPath: `/widget/assets/${d.build.ortDir}/`,
    faceWorkerPath: `/widget/assets/${d.build.faceWorker}`,
    models: {
      detector: ref(manifest.active.detector),
      age: ref(manifest.active.age),
      liveness: manifest.active.liveness.map(ref),
      ...(ageReference ? { ageReference: refOf(age, ageReference) } : {}),
    },
    policy: {
      livenessThreshold: manifest.policy.liveness.threshold,
      age: parseAgeGatePolicy(age.policy, where),
      ...(age.browser ? { ageGuardBand: parseAgeGuardBand((age.browser as { guardBand?: unknown }).guardBand, `${where}.browser`) } : {}),
      quality: manifest.policy.quality,
      subject: manifest.policy.subject,
    },
  };

  app.get('/widget/config.json', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').send(config));

  app.get<{ Params: { sha: string } }>('/widget/models/:sha', { schema: { hide: true } }, async (req, reply) => {
    // <sha>.onnx: the file itself; <sha>.p<n>: its byte planes, for the model the config names so.
    const [, sha = '', suffix = ''] = /^([0-9a-f]{64})\.(onnx|p[24])$/.exec(req.params.sha) ?? [];
    const model = byHash.get(sha);
    const n = suffix === 'onnx' ? 1 : Number(suffix.slice(1));
    if (!model || (n !== 1 && planes.get(sha) !== n)) throw appError('NOT_FOUND');
    const key = `${sha}.${n}`;
    let asset = verified.get(key);
    if (!asset) {
      asset = verifiedModel(join(d.modelsDir, model.file), sha, n);
      verified.set(key, asset);
      asset.catch(() => verified.delete(key)); // a file fixed on disk is read again by the next request
    }
    reply.header('x-content-sha256', sha);
    return sendEncoded(req, reply, await asset, IMMUTABLE);
  });

  const assets = resolve(WIDGET_BUILD_DIR, 'assets');
  // Built files never change under their name (content hashes, a versioned WASM folder): read,
  // hash and keep each once rather than hash 14 MB of WASM on every request. Only found files are
  // kept, so a file a rebuild adds later is still served.
  const built = new Map<string, EncodedAsset>();
  app.get<{ Params: { '*': string } }>('/widget/assets/*', { schema: { hide: true } }, async (req, reply) => {
    const path = resolve(assets, req.params['*']);
    if (!path.startsWith(assets + '/') || PRECOMPRESSED_COPY.test(path)) throw appError('NOT_FOUND');
    const asset = built.get(path) ?? (await builtAsset(path));
    if (!asset) throw appError('NOT_FOUND');
    built.set(path, asset);
    return sendEncoded(req, reply, asset, IMMUTABLE);
  });
}

/** The `.br` / `.gz` copies are served through content negotiation on the asset's own URL only. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/** A built asset with the copies the build precompressed beside it; undefined when there is no such file. */
async function builtAsset(path: string): Promise<EncodedAsset | undefined> {
  const raw = await readFile(path).catch(() => undefined);
  if (!raw) return undefined;
  const encoded: EncodedAsset['encoded'] = {};
  for (const encoding of STORED_ENCODINGS) {
    const copy = await readFile(path + ENCODING_SUFFIX[encoding]).catch(() => undefined);
    if (copy) encoded[encoding] = copy;
  }
  return { raw, encoded, contentType: contentType(path), tag: createHash('sha256').update(raw).digest('hex').slice(0, 32) };
}

/**
 * A model file whose bytes hash to the manifest value, with its brotli and gzip copies (made
 * once, off the event loop; ONNX weights shrink by only about 7%, but every byte counts on a
 * slow first visit). A file that does not match is never served.
 */
async function verifiedModel(path: string, sha: string, planes: number): Promise<EncodedAsset> {
  const file = await readFile(path);
  if (createHash('sha256').update(file).digest('hex') !== sha) throw appError('UPSTREAM_UNAVAILABLE', { details: { reasons: ['model_hash_mismatch'] } });
  const raw = planes === 1 ? file : Buffer.from(splitPlanes(file, planes));
  const [br, gzip] = await Promise.all(STORED_ENCODINGS.map((e) => encode(raw, e)));
  return { raw, encoded: { br, gzip }, contentType: 'application/octet-stream', tag: planes === 1 ? sha : `${sha}-p${planes}` };
}

function contentType(path: string): string {
  if (path.endsWith('.js') || path.endsWith('.mjs')) return 'text/javascript; charset=utf-8';
  if (path.endsWith('.css')) return 'text/css; charset=utf-8';
  if (path.endsWith('.wasm')) return 'application/wasm';
  return 'application/octet-stream';
}
