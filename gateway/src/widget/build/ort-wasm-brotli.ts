import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ORT_WASM = join(ROOT, 'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/idgate-ort-wasm');
const brotliAsync = promisify(brotliCompress);

/**
 * onnxruntime's WASM is the largest asset of a first visit after the models. Brotli at quality 11 with a
 * 16 MB window packs it into 2.30 MB instead of quality 9's 2.69 MB, but takes about 23 s of one core:
 * too slow for a gateway's start or a test's widget build, which rebuild whenever a widget source
 * changes. So it is made once per WASM file (`npm install` runs this file; `node` it by hand elsewhere),
 * kept under node_modules/.cache by the file's hash, and the widget build takes it when it is there.
 */
/** Hashes of the installed WASM by its size and mtime: every gateway start asks, and 14 MB is not hashed again for it. */
const hashes = new Map<string, string>();

/** Where the best copy of the installed WASM is kept; undefined when onnxruntime-web is not installed. */
function cachePath(): string | undefined {
  if (!existsSync(ORT_WASM)) return undefined;
  const { size, mtimeMs } = statSync(ORT_WASM);
  const key = `${size}:${mtimeMs}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = createHash('sha256').update(readFileSync(ORT_WASM)).digest('hex').slice(0, 32);
    hashes.set(key, hash);
  }
  return join(CACHE_DIR, `${hash}.wasm.br`);
}

/** The best brotli copy of the installed onnxruntime WASM, when one was made; undefined otherwise. */
export function bestOrtWasmBrotli(): Buffer | undefined {
  const path = cachePath();
  return path && existsSync(path) ? readFileSync(path) : undefined;
}

/** Whether the best copy exists (part of the widget build's inputs: a build made without it is redone). */
export function hasBestOrtWasmBrotli(): boolean {
  const path = cachePath();
  return path !== undefined && existsSync(path);
}

export async function makeBestOrtWasmBrotli(): Promise<'made' | 'present'> {
  const path = cachePath();
  if (!path) throw new Error(`${ORT_WASM} is missing`);
  if (existsSync(path)) return 'present';
  const wasm = readFileSync(ORT_WASM);
  const br = await brotliAsync(wasm, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
  });
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: a build reading the cache never sees half a file.
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, br);
  renameSync(tmp, path);
  return 'made';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run by `npm install`: a failure here must not fail the install; the build then uses quality 9.
  try {
    const t0 = Date.now();
    const done = await makeBestOrtWasmBrotli();
    console.log(`onnxruntime WASM brotli (quality 11): ${done}${done === 'made' ? ` in ${((Date.now() - t0) / 1000).toFixed(1)} s` : ''}`);
  } catch (err) {
    console.warn(`onnxruntime WASM brotli (quality 11) not made: ${(err as Error).message}; the widget uses quality 9`);
  }
}
