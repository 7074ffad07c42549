import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

/**
 * Streams the lines of a dataset source without holding the file in memory: a local file, a
 * folder of entity files (read in name order), or an http(s) URL. `.gz` sources are gunzipped.
 * A download that ends early (short Content-Length, broken gzip, reset connection) is an error.
 */
export type FetchLike = (url: string) => Promise<Response>;

export interface SourceLine {
  text: string;
  /** File name (not the full path) and 1-based line number, for error messages. */
  file: string;
  lineNumber: number;
}

export class DatasetSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatasetSourceError';
  }
}

const ENTITY_FILE = /\.(json|jsonl|ndjson|ftm)(\.gz)?$/i;

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** Counts bytes into the running hash (the dataset version) and checks the announced length. */
class ByteMeter extends Transform {
  bytes = 0;
  private readonly hash: Hash;
  private readonly expected: number | null;
  constructor(hash: Hash, expected: number | null) {
    super();
    this.hash = hash;
    this.expected = expected;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.expected !== null && this.bytes !== this.expected) {
      done(new DatasetSourceError(`download ended after ${this.bytes} of ${this.expected} bytes`));
    } else done();
  }
}

async function openUrl(url: string, fetchImpl: FetchLike): Promise<{ stream: Readable; expected: number | null }> {
  let res: Response;
  try {
    res = await fetchImpl(url);
  } catch (cause) {
    throw new DatasetSourceError('dataset download failed', { cause });
  }
  if (!res.ok || !res.body) throw new DatasetSourceError(`dataset download answered HTTP ${res.status}`);
  const length = res.headers.get('content-length');
  // With a content-encoding the body is decoded on the fly and the header counts encoded bytes.
  const expected = length && !res.headers.get('content-encoding') ? Number(length) : null;
  return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), expected };
}

/** Lists the files a source stands for: a URL, a file, or the entity files of a folder. */
export async function resolveSource(source: string): Promise<string[]> {
  if (isUrl(source)) return [source];
  const info = await stat(source).catch((cause: unknown) => {
    throw new DatasetSourceError('dataset source not found', { cause });
  });
  if (!info.isDirectory()) return [source];
  const names = (await readdir(source)).filter((n) => ENTITY_FILE.test(n)).sort();
  if (names.length === 0) throw new DatasetSourceError('dataset folder holds no entity files');
  return names.map((n) => join(source, n));
}

/** Splits a byte stream into lines (UTF-8 safe across chunks); a stream error rejects the iteration. */
async function* splitLines(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input) {
    const text = rest + decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      yield text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.end();
  if (rest !== '') yield rest; // a last line without a final newline (valid if it parses)
}

/** Yields the non-empty lines of one file or URL; the hash receives every byte read. */
export async function* readLines(location: string, hash: Hash, fetchImpl: FetchLike = fetch): AsyncGenerator<SourceLine> {
  const opened = isUrl(location) ? await openUrl(location, fetchImpl) : { stream: createReadStream(location), expected: null };
  const stages: (Readable | Transform)[] = [opened.stream, new ByteMeter(hash, opened.expected)];
  if (/\.gz$/i.test(location)) stages.push(createGunzip());
  // pipeline destroys every stage on the first error, and the iteration below then rejects with it.
  const input = pipeline(stages as [Readable, Transform], () => {}) as unknown as Readable;
  const file = location.split(/[\\/]/).pop() ?? location;
  let lineNumber = 0;
  for await (const text of splitLines(input)) {
    lineNumber++;
    if (text.trim() !== '') yield { text, file, lineNumber };
  }
}

export function newVersionHash(): Hash {
  return createHash('sha256');
}
