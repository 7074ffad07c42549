import { appError, isErrorCode } from '@idgate/protos';
import { embeddingFrom, type FaceEmbedding } from '../lib/embedding-codec.ts';
import type { InferenceCalls } from '../scheduler/index.ts';

/** How long an asynchronous face job may take on the inference node. */
const JOB_DEADLINE_MS = 30_000;

/**
 * One still image sent to an inference node for Face 2FA or the blacklist. The image lives only in
 * this call's memory; the node answers an embedding (and, for `live`, the passive-liveness verdict).
 */
export class FaceSampler {
  private readonly inference: InferenceCalls | undefined;
  private readonly maxImageBytes: number;

  constructor(deps: { inference?: InferenceCalls; maxImageBytes: number }) {
    this.inference = deps.inference;
    this.maxImageBytes = deps.maxImageBytes;
  }

  /** What can be refused before anything is stored: an empty or oversized image, no inference node. */
  assertAcceptable(image: Uint8Array): void {
    if (image.length === 0) throw appError('IMAGE_EMPTY');
    if (image.length > this.maxImageBytes) throw appError('IMAGE_TOO_LARGE');
    if (!this.inference) throw appError('FEATURE_NOT_AVAILABLE', { message: 'Face checks need an inference node (INFERENCE_NODES).' });
  }

  /** Liveness and embedding of the one face in `image` (FACE_* errors when it has none or several). */
  async live(image: Uint8Array, requestId?: string): Promise<{ live: boolean; embedding: FaceEmbedding }> {
    const res = await this.scheduler().call('checkFace', { frames: [image] }, { deadline: deadline(), requestId });
    return { live: res.liveness?.live ?? false, embedding: toEmbedding(res.embedding?.embedding) };
  }

  /** The embedding of the face in `image`, liveness not judged (a blacklist photo may be a scan). */
  async embed(image: Uint8Array, requestId?: string): Promise<FaceEmbedding> {
    const res = await this.scheduler().call('embedFace', { image }, { deadline: deadline(), requestId });
    return toEmbedding(res.embedding);
  }

  private scheduler(): InferenceCalls {
    if (!this.inference) throw appError('FEATURE_NOT_AVAILABLE');
    return this.inference;
  }
}

/** What a failed face job is recorded with: a catalogue code (never a message from inside the node). */
export interface FaceJobError {
  errorCode: string;
  /** FACE_QUALITY_LOW's reasons (blur, face_rotated, …): what the user should change; else null. */
  errorReasons: string[] | null;
}

export function faceJobError(err: unknown): FaceJobError {
  const { code, details } = (err ?? {}) as { code?: unknown; details?: { reasons?: unknown } };
  const reasons =
    code === 'FACE_QUALITY_LOW' && Array.isArray(details?.reasons)
      ? details.reasons.filter((r): r is string => typeof r === 'string' && /^[a-z_]{1,40}$/.test(r)).slice(0, 10)
      : [];
  return { errorCode: isErrorCode(code) ? code : 'INTERNAL', errorReasons: reasons.length ? reasons : null };
}

function deadline(): Date {
  return new Date(Date.now() + JOB_DEADLINE_MS);
}

function toEmbedding(e: { values?: number[]; model?: string } | undefined): FaceEmbedding {
  const embedding = embeddingFrom(e);
  if (!embedding) throw appError('FACE_NOT_FOUND');
  return embedding;
}
