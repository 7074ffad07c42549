import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode, ENCODING_SUFFIX, STORED_ENCODINGS } from '../../assets/content-encoding.ts';
import { bestOrtWasmBrotli, hasBestOrtWasmBrotli } from './ort-wasm-brotli.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
// The widget bundles the gate policy and guard band from protos through the vision module.
const SOURCES = [join(ROOT, 'gateway/src/widget'), join(ROOT, 'inference/src/vision'), join(ROOT, 'protos/src/age-gate')];
/** Build output: under node_modules/.cache, so it is gitignored and never committed. */
export const WIDGET_BUILD_DIR = join(ROOT, 'node_modules/.cache/idgate-widget');
const ORT_DIST = join(ROOT, 'node_modules/onnxruntime-web/dist');
const ORT_FILES = ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];
const BUILD_STEPS = [
  fileURLToPath(import.meta.url),
  join(ROOT, 'gateway/src/assets/content-encoding.ts'),
  join(ROOT, 'gateway/src/widget/build/ort-wasm-brotli.ts'),
];

export interface WidgetBuild {
  inputsHash: string;
  entry: string;
  css: string;
  /** The face-check worker's module script (onnxruntime-web and the models run there, off the main thread). */
  faceWorker: string;
  /** Folder under assets/ holding the onnxruntime-web WASM, named by its version (immutable). */
  ortDir: string;
  /** Gzipped bytes of the JS the page loads before the camera starts (entry + its static imports). */
  initialJsGzipBytes: number;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'build'
        ? []
        : files(join(dir, e.name))
      : /\.(ts|css)$/.test(e.name) && !e.name.endsWith('.spec.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Hash of every input (sources and the onnxruntime-web version): the build is stale when it changes. */
export function inputsHash(): string {
  const h = createHash('sha256');
  for (const f of SOURCES.flatMap(files).sort()) h.update(relative(ROOT, f)).update(readFileSync(f));
  h.update(readFileSync(join(ROOT, 'node_modules/onnxruntime-web/package.json')));
  // How the build is made counts too: a new step (precompression) rebuilds an older cache, and so does the
  // best brotli copy of onnxruntime's WASM appearing after a build without it.
  for (const f of BUILD_STEPS) h.update(readFileSync(f));
  h.update(hasBestOrtWasmBrotli() ? 'ort-wasm-brotli-11' : 'ort-wasm-brotli-9');
  return h.digest('hex').slice(0, 16);
}

export function readBuild(): WidgetBuild | undefined {
  const p = join(WIDGET_BUILD_DIR, 'build.json');
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as WidgetBuild) : undefined;
}

/** Builds the widget when its inputs changed (gateway start, tests, `npm run build:widget`). */
export async function ensureWidgetBuild(force = false): Promise<WidgetBuild> {
  const hash = inputsHash();
  const current = readBuild();
  if (!force && current?.inputsHash === hash) return current;
  return buildWidget(hash);
}

async function buildWidget(hash: string): Promise<WidgetBuild> {
  const esbuild = await import('esbuild');
  const tmp = `${WIDGET_BUILD_DIR}.tmp-${process.pid}-${Date.now()}`;
  const result = await esbuild.build({
    entryPoints: {
      main: join(ROOT, 'gateway/src/widget/main.ts'),
      'face-worker': join(ROOT, 'gateway/src/widget/face-check.worker.ts'),
      widget: join(ROOT, 'gateway/src/widget/widget.css'),
    },
    outdir: join(tmp, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    logLevel: 'silent',
  });
  const ortDir = `ort-${(JSON.parse(readFileSync(join(ROOT, 'node_modules/onnxruntime-web/package.json'), 'utf8')) as { version: string }).version}`;
  mkdirSync(join(tmp, 'assets', ortDir), { recursive: true });
  for (const f of ORT_FILES) copyFileSync(join(ORT_DIST, f), join(tmp, 'assets', ortDir, f));
  await precompressAssets(join(tmp, 'assets'));
  const outputs = Object.entries(result.metafile.outputs);
  const name = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('main.ts'))!;
  const css = outputs.find(([p]) => p.endsWith('.css'))!;
  const faceWorker = outputs.find(([, o]) => o.entryPoint?.endsWith('face-check.worker.ts'))!;
  const initial = [entry[0], ...entry[1].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)];
  const { gzipSync } = await import('node:zlib');
  const initialJsGzipBytes = initial.reduce((s, p) => s + gzipSync(readFileSync(join(process.cwd(), p))).length, 0);
  const build: WidgetBuild = { inputsHash: hash, entry: name(entry[0]), css: name(css[0]), faceWorker: name(faceWorker[0]), ortDir, initialJsGzipBytes };
  writeFileSync(join(tmp, 'build.json'), JSON.stringify(build, null, 2));
  // Swap in atomically: concurrent gateways (parallel test files) never see a half-written build.
  const old = `${WIDGET_BUILD_DIR}.old-${process.pid}-${Date.now()}`;
  if (existsSync(WIDGET_BUILD_DIR)) renameSync(WIDGET_BUILD_DIR, old);
  try {
    renameSync(tmp, WIDGET_BUILD_DIR);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process won the race with the same inputs
  }
  if (existsSync(old)) rmSync(old, { recursive: true, force: true });
  return readBuild() ?? build;
}

/** Types worth compressing: text and WASM (images and models are served as they are read). */
const COMPRESSIBLE = /\.(m?js|css|wasm)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible asset, so the gateway serves
 * what the browser accepts without compressing per request (14.2 MB of onnxruntime WASM is
 * 2.30 MB in brotli with the copy made at install, ort-wasm-brotli.ts, 2.69 MB without, 3.7 MB in gzip).
 */
async function precompressAssets(dir: string): Promise<void> {
  const all = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
  await Promise.all(
    all.flatMap((e) => {
      const path = join(e.parentPath, e.name);
      const raw = readFileSync(path);
      // The only WASM is onnxruntime's, copied from the installed package just before.
      const best = path.endsWith('.wasm') ? bestOrtWasmBrotli() : undefined;
      return STORED_ENCODINGS.map(async (encoding) =>
        writeFileSync(path + ENCODING_SUFFIX[encoding], encoding === 'br' && best ? best : await encode(raw, encoding)),
      );
    }),
  );
}

export function buildDirMtime(): number {
  return existsSync(WIDGET_BUILD_DIR) ? statSync(WIDGET_BUILD_DIR).mtimeMs : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const b = await ensureWidgetBuild(process.argv.includes('--force'));
  console.log(JSON.stringify({ dir: WIDGET_BUILD_DIR, ...b }));
}
