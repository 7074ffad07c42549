import type { AgeGuardBand } from '@idgate/protos';
import type { AgeCrop, AgeDecoding, AgeGatePolicy, AgeSpread, QualityPolicy, SubjectPolicy, TensorSpec } from '../vision/index.ts';

/**
 * Shape of inference/models.manifest.json. Only what the code needs to run a model lives here
 * (file, checksum, tensor names, preprocessing, calibrated thresholds); where to obtain each file
 * and its license are in inference/MODELS.md.
 */
export type CommercialUse = 'yes' | 'no' | 'unclear';

interface ModelBase {
  readonly file: string;
  readonly sha256: string;
  readonly license: string;
  readonly commercialUse: CommercialUse;
  readonly calibration?: string;
  /**
   * `float32`: the file is an onnxruntime dynamic-INT8 model whose weights are turned back into
   * float32 when loaded (models/onnx/dequantize.ts), because onnxruntime runs the INT8 chain slower
   * on x86. The sha256 is that of the file as shipped; the conversion happens in memory.
   */
  readonly loadAs?: 'float32';
}

export interface DetectorModel extends ModelBase {
  readonly role: 'detector';
  readonly family: 'yunet' | 'scrfd';
  readonly input: TensorSpec & { readonly name: string; readonly width: number; readonly height: number };
  /** yunet: cls/obj/bbox/kps; scrfd: scores/boxes/landmarks; each lists one output per stride. */
  readonly outputs: Readonly<Record<string, readonly string[]>>;
  readonly strides: readonly number[];
  readonly scoreThreshold: number;
  readonly nmsIou: number;
}

export interface SquareInput extends TensorSpec {
  readonly name: string;
  readonly size: number;
}

export interface RecognizerModel extends ModelBase {
  readonly role: 'recognizer';
  readonly input: SquareInput;
  readonly output: string;
  readonly embeddingSize: number;
  /** Cosine similarity at or above which two faces are the same person. */
  readonly matchThreshold: number;
  /**
   * Other recognizer ids whose stored embeddings live in the same space (the same weights loaded
   * another way), so MatchFaces compares them instead of refusing them: switching between such
   * entries does not strand the selfies of sessions in flight.
   */
  readonly acceptsEmbeddingsOf?: readonly string[];
}

export interface AgeModel extends ModelBase {
  readonly role: 'age';
  readonly input: SquareInput;
  readonly output: string;
  readonly decoding: AgeDecoding;
  /** How the face is cut out for this model; absent means the ArcFace 112 alignment. */
  readonly crop?: AgeCrop;
  /** Whether the mirror image is a second view of each frame (default true). */
  readonly mirror?: boolean;
  /** How a frame's low and high ends are found (default: the spread of its views). */
  readonly spread?: AgeSpread;
  /** The gate policy calibrated for this model (docs/age-gate.md). */
  readonly policy: AgeGatePolicy;
  /**
   * The file the hosted widget fetches instead of `file` (the same network with smaller weights),
   * the node runs `file`, the browser `browser.file`. Its numbers may differ from `file`'s by less
   * than `guardBand`; a verdict whose deciding numbers lie within the band of a threshold comes from
   * `file`, which the widget then fetches and runs on the same frames (docs/widget.md).
   */
  readonly browser?: {
    readonly file: string;
    readonly sha256: string;
    readonly guardBand: AgeGuardBand;
    /** Bytes per weight of the file (2: float16), for the widget's byte-plane transport (absent: 4). */
    readonly weightBytes?: 2 | 4;
  };
}

export interface LivenessModel extends ModelBase {
  readonly role: 'liveness';
  readonly input: SquareInput;
  readonly output: string;
  /** How much the face box is grown before cropping (MiniFASNet: 2.7 or 4.0). */
  readonly cropScale: number;
  readonly realClass: number;
}

export type ModelSpec = DetectorModel | RecognizerModel | AgeModel | LivenessModel;
export type ModelRole = ModelSpec['role'];

export interface InferencePolicy {
  readonly liveness: { readonly threshold: number; readonly spoofFloor: number };
  readonly quality: QualityPolicy;
  readonly subject: SubjectPolicy;
  readonly image: { readonly workingMaxSide: number; readonly maxBurstFrames: number };
}

export interface ModelsManifest {
  readonly version: 1;
  readonly active: {
    readonly detector: string;
    readonly recognizer: string;
    readonly age: string;
    readonly liveness: readonly string[];
  };
  readonly models: Readonly<Record<string, ModelSpec>>;
  readonly policy: InferencePolicy;
}

/** The active models, resolved from the manifest by role. */
export interface ActiveModels {
  readonly detector: DetectorModel & { readonly id: string };
  readonly recognizer: RecognizerModel & { readonly id: string };
  readonly age: AgeModel & { readonly id: string };
  readonly liveness: readonly (LivenessModel & { readonly id: string })[];
}
