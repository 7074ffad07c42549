import type { WireError } from '@idgate/protos';
import type { DocumentReading } from '../document/index.ts';
import type { DocumentSide, ZoneSummary } from '../document/two-sided.ts';
import type { AgeRange, AgeVerdict, FaceDetection, QualityReport } from '../vision/index.ts';
import type { ExecutionProvider } from '../worker/sessions.ts';

/**
 * The message protocol between the pool (main thread) and its workers: task names, payloads and
 * results. Plain structured-cloneable data; image bytes travel as transferred ArrayBuffers.
 */
export type TaskName = 'ready' | 'detect' | 'liveness' | 'age' | 'embed' | 'check' | 'document' | 'releaseGpuSessions';

/** The `releaseGpuSessions` task's payload: a barrier so that each worker takes exactly one. */
export interface ReleasePayload {
  /** Int32 counter of the workers that have released their sessions. */
  readonly released: SharedArrayBuffer;
  readonly workers: number;
}

export interface ImagesPayload {
  /** Encoded images (JPEG, PNG, WebP...), moved into the worker, never copied or written to disk. */
  readonly images: ArrayBuffer[];
  /** Absolute deadline (epoch ms); the worker stops between stages once it has passed. */
  readonly deadline?: number;
  /** Int32 flag the pool sets to 1 when the caller gives up; checked with the deadline (timing.ts). */
  readonly cancel?: SharedArrayBuffer;
}

/** Errors cross the thread boundary as data (WireError): structured clone would drop the AppError fields. */
export type TaskOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TaskError };

export interface TaskError extends WireError {
  /** For INTERNAL only: the bug's stack, logged by the pool and never sent to callers. */
  readonly internal?: string;
}

export interface ReadyResult {
  readonly provider: ExecutionProvider;
  readonly fallbackReason?: string;
  readonly models: Record<'detector' | 'recognizer' | 'age' | 'liveness', string>;
}

export interface DetectResult {
  readonly width: number;
  readonly height: number;
  readonly faces: FaceDetection[];
  /** Index in `faces` of the subject (largest face), -1 when none. */
  readonly subjectIndex: number;
  readonly peopleInFrame: number;
  readonly quality?: QualityReport;
  readonly usable: boolean;
  readonly reasons: string[];
  readonly timings: Record<string, number>;
}

export interface FrameLiveness {
  readonly index: number;
  /** Real-face score in [0, 1]; absent when the frame was not usable. */
  readonly score?: number;
  readonly reasons: string[];
}

export interface LivenessResult {
  readonly live: boolean;
  readonly score: number;
  readonly threshold: number;
  readonly frames: FrameLiveness[];
  readonly timings: Record<string, number>;
}

export interface AgeResult {
  readonly range: AgeRange;
  readonly verdicts: { threshold: number; verdict: AgeVerdict }[];
  readonly model: string;
  readonly timings: Record<string, number>;
}

export interface EmbedResult {
  readonly embedding: Float32Array;
  readonly model: string;
  readonly quality: QualityReport;
  readonly timings: Record<string, number>;
}

export interface CheckResult {
  readonly liveness: LivenessResult;
  readonly age: AgeResult;
  readonly embedding: EmbedResult;
  /** The frame the embedding was taken from (the sharpest usable one). */
  readonly bestFrame: number;
  readonly timings: Record<string, number>;
}

export interface DocumentPayload extends ImagesPayload {
  /** Reference date for two-digit years (YYYY-MM-DD). */
  readonly today?: string;
}

/** The document reading without its raw zones (MRZ lines stay in the worker), plus the portrait. */
export interface DocumentResult {
  readonly reading: Omit<DocumentReading, 'zones' | 'timingsMs' | 'faceBox'>;
  /** Each zone read (MRZ, barcode, printed text), its identity fields only. */
  readonly zones: ZoneSummary[];
  /** One image of a two-sided document: the side still to photograph. */
  readonly sideMissing?: DocumentSide;
  readonly portrait?: { readonly embedding: Float32Array; readonly model: string };
  /** Why there is no portrait embedding, or the quality issues of the one there is. */
  readonly portraitReasons: string[];
  readonly timings: Record<string, number>;
}
