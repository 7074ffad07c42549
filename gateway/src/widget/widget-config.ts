import type { AgeCrop, AgeDecoding, AgeGatePolicy, AgeGuardBand, AgeSpread, QualityPolicy, SubjectPolicy, TensorSpec } from '@idgate/inference/vision';

/** A model the widget runs: content-addressed URL, its sha256 and the manifest entry (inference/models.manifest.json). */
export interface ModelRef<S> {
  url: string;
  sha256: string;
  /** Subresource-integrity value ("sha256-<base64>") checked by fetch(). */
  integrity: string;
  /** Set when `url` serves the file as byte planes (byte-planes.ts): the worker joins them and checks `sha256` itself. */
  planes?: number;
  spec: S;
}

export interface DetectorSpec {
  family: 'yunet' | 'scrfd';
  input: TensorSpec & { name: string; width: number; height: number };
  outputs: Record<string, string[]>;
  strides: number[];
  scoreThreshold: number;
  nmsIou: number;
}

export interface CropModelSpec {
  input: TensorSpec & { name: string; size: number };
  output: string;
}

export interface AgeSpec extends CropModelSpec {
  decoding: AgeDecoding;
  /** Absent: the ArcFace 112 alignment (the 2018 model). */
  crop?: AgeCrop;
  /** Whether the mirror image is a second view (absent: yes). */
  mirror?: boolean;
  /** Absent: the spread of the views. */
  spread?: AgeSpread;
}

export interface LivenessSpec extends CropModelSpec {
  cropScale: number;
  realClass: number;
}

/** GET /widget/config.json: models and the server's policy numbers, derived from the models manifest. */
export interface WidgetConfig {
  ortWasmPath: string;
  /** The face-check worker's script (content-hashed, immutable). */
  faceWorkerPath: string;
  models: {
    detector: ModelRef<DetectorSpec>;
    /** The file the widget runs: the manifest's smaller `browser` file where it names one. */
    age: ModelRef<AgeSpec>;
    liveness: ModelRef<LivenessSpec>[];
    /** The age model's float32 file when `age` is a smaller one: run only within the guard band. */
    ageReference?: ModelRef<AgeSpec>;
  };
  policy: {
    livenessThreshold: number;
    age: AgeGatePolicy;
    /** With `ageReference`: how close to a threshold the smaller file's verdict is not trusted. */
    ageGuardBand?: AgeGuardBand;
    quality: QualityPolicy;
    subject: SubjectPolicy;
  };
}
