import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings assets are stored in besides their raw bytes, best first. */
export type StoredEncoding = 'br' | 'gzip';
export const STORED_ENCODINGS: readonly StoredEncoding[] = ['br', 'gzip'];

/** File suffix of a precompressed copy on disk. */
export const ENCODING_SUFFIX: Record<StoredEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Brotli at its best quality costs seconds per megabyte (28 s for onnxruntime's 14 MB WASM on
 * a 2-core box); quality 9 gives 2.7 MB there in 1.6 s. Small files (the bundle, the styles) get 11.
 */
const BEST_QUALITY_BELOW_BYTES = 1024 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `bytes` in `encoding`, compressed on libuv's thread pool (the event loop stays free). */
export async function encode(bytes: Buffer, encoding: StoredEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: 9 });
  const quality = bytes.length < BEST_QUALITY_BELOW_BYTES ? 11 : 9;
  return brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

/**
 * The stored encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the
 * client's highest q-value among those we store, brotli on a tie; undefined means raw bytes.
 * `*` stands for every encoding not named; `q=0` refuses one.
 */
export function chooseEncoding(acceptEncoding: string | undefined): StoredEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const weight = (e: StoredEncoding) => q.get(e) ?? q.get('*') ?? 0;
  let best: StoredEncoding | undefined;
  for (const e of STORED_ENCODINGS) if (weight(e) > 0 && (best === undefined || weight(e) > weight(best))) best = e;
  return best;
}
