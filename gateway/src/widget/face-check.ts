import * as ort from 'onnxruntime-web/wasm';
import {
  ageViewCrops,
  alignFace112,
  assessQuality,
  combineLiveness,
  decodeAgeView,
  decodeScrfd,
  decodeYunet,
  frameAgeRange,
  letterboxSize,
  livenessCrop,
  resizeBilinear,
  selectSubject,
  toNchw,
  type AgeRange,
  type AgeView,
  type FaceDetection,
  type RgbImage,
} from '@idgate/inference/vision';
import { joinPlanes } from './byte-planes.ts';
import type { AgeSpec, CropModelSpec, DetectorSpec, LivenessSpec, ModelRef, WidgetConfig } from './widget-config.ts';

/** What one camera frame shows, for guidance, and its scores when it is usable. */
export interface FrameResult {
  subject: FaceDetection | undefined;
  peopleInFrame: number;
  reasons: string[];
  liveness?: number;
  age?: AgeRange;
}

interface Loaded<S> {
  ref: ModelRef<S>;
  session: ort.InferenceSession;
}

/**
 * Path A on the device: the active models of the manifest run in onnxruntime-web (WASM, one
 * thread: no cross-origin isolation needed) with the SAME pre/post-processing module as the
 * inference node (@idgate/inference/vision), so a frame scores here as it would on the server.
 */
export class FaceChecker {
  private readonly cfg: WidgetConfig;
  private readonly detector: Loaded<DetectorSpec>;
  private readonly age: Loaded<AgeSpec>;
  private readonly liveness: Loaded<LivenessSpec>[];
  /** The age model's float32 file, fetched on first need only (a verdict within the guard band). */
  private reference: Promise<Loaded<AgeSpec>> | undefined;

  private constructor(cfg: WidgetConfig, detector: Loaded<DetectorSpec>, age: Loaded<AgeSpec>, liveness: Loaded<LivenessSpec>[]) {
    this.cfg = cfg;
    this.detector = detector;
    this.age = age;
    this.liveness = liveness;
  }

  static async load(cfg: WidgetConfig): Promise<FaceChecker> {
    ort.env.wasm.wasmPaths = cfg.ortWasmPath;
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    const m = cfg.models;
    const [detector, age, liveness] = await Promise.all([loadModel(m.detector), loadModel(m.age), Promise.all(m.liveness.map(loadModel))]);
    return new FaceChecker(cfg, detector, age, liveness);
  }

  /** sha256 of every model actually run: the evidence's model_hashes. */
  modelHashes(): string[] {
    return [this.detector, this.age, ...this.liveness].map((l) => l.ref.sha256);
  }

  /** model_hashes of evidence whose ages came from the reference age model. */
  referenceModelHashes(): string[] {
    const ref = this.cfg.models.ageReference;
    if (!ref) throw new Error('this configuration names no reference age model');
    return [this.detector.ref.sha256, ref.sha256, ...this.liveness.map((l) => l.ref.sha256)];
  }

  /**
   * The reference (float32) age model's range for frames this checker already judged usable: the
   * same pixels, so the same detection and crop; only the age model's file differs. Used when the
   * smaller file's verdict lies within the guard band of a threshold.
   */
  async referenceAges(images: readonly RgbImage[]): Promise<{ ages: (AgeRange | undefined)[]; durationsMs: number[] }> {
    const ref = this.cfg.models.ageReference;
    if (!ref) throw new Error('this configuration names no reference age model');
    this.reference ??= loadModel(ref);
    this.reference.catch(() => (this.reference = undefined));
    const model = await this.reference;
    const ages: (AgeRange | undefined)[] = [];
    const durationsMs: number[] = [];
    for (const img of images) {
      const t0 = performance.now();
      const { subject } = selectSubject(await this.detect(img), this.cfg.policy.subject);
      ages.push(subject ? await this.ageRange(model, img, subject) : undefined);
      durationsMs.push(performance.now() - t0);
    }
    return { ages, durationsMs };
  }

  /** Detection, subject selection and quality as analyse-frame.ts does; liveness and age when usable. */
  async analyse(img: RgbImage): Promise<FrameResult> {
    const faces = await this.detect(img);
    const { subject, peopleInFrame } = selectSubject(faces, this.cfg.policy.subject);
    if (!subject) return { subject, peopleInFrame, reasons: ['no_face'] };
    const aligned = alignFace112(img, subject.landmarks);
    const quality = assessQuality(subject, aligned, this.cfg.policy.quality);
    const reasons = peopleInFrame > 1 ? ['multiple_faces', ...quality.reasons] : quality.reasons;
    if (reasons.length) return { subject, peopleInFrame, reasons };
    const liveness = await this.livenessScore(img, subject);
    // The smaller file's range carries the bounds of its low end when the band is a probability mass.
    const lowQuantileMass = this.cfg.models.ageReference ? this.cfg.policy.ageGuardBand?.lowQuantileMass : undefined;
    return { subject, peopleInFrame, reasons, liveness, age: await this.ageRange(this.age, img, subject, aligned, lowQuantileMass) };
  }

  /** The same views and range as the inference node's estimateAgeRange, so the server's recomputation from the evidence judges what this page judged. */
  private async ageRange(
    model: Loaded<AgeSpec>,
    img: RgbImage,
    subject: FaceDetection,
    aligned = alignFace112(img, subject.landmarks),
    lowQuantileMass?: number,
  ): Promise<AgeRange> {
    const spec = model.ref.spec;
    const views: AgeView[] = [];
    for (const crop of ageViewCrops(spec, { image: img, subject, aligned })) views.push(decodeAgeView(await runCrop(model.session, spec, crop), spec.decoding));
    return frameAgeRange(views, spec.spread ?? { kind: 'views' }, spec.decoding, lowQuantileMass);
  }

  private async detect(img: RgbImage): Promise<FaceDetection[]> {
    const spec = this.detector.ref.spec;
    const { width: inW, height: inH } = spec.input;
    const lb = letterboxSize(img.width, img.height, inW, inH);
    const tensor = new ort.Tensor('float32', toNchw(resizeBilinear(img, lb.width, lb.height), spec.input, inW, inH), [1, 3, inH, inW]);
    const roles = spec.family === 'yunet' ? ['cls', 'obj', 'bbox', 'kps'] : ['scores', 'boxes', 'landmarks'];
    const names = roles.flatMap((r) => spec.outputs[r] ?? []);
    const out = await this.detector.session.run({ [spec.input.name]: tensor }, names);
    const flat = names.map((n) => out[n].data as Float32Array);
    const per = spec.strides.length;
    const g = (i: number) => flat.slice(i * per, (i + 1) * per);
    const opts = { inputWidth: inW, inputHeight: inH, scale: lb.scale, strides: spec.strides, scoreThreshold: spec.scoreThreshold, nmsIou: spec.nmsIou };
    return spec.family === 'yunet'
      ? decodeYunet({ cls: g(0), obj: g(1), bbox: g(2), kps: g(3) }, opts)
      : decodeScrfd({ scores: g(0), boxes: g(1), landmarks: g(2) }, opts);
  }

  private async livenessScore(img: RgbImage, face: FaceDetection): Promise<number> {
    const logits: Float32Array[] = [];
    for (const { ref, session } of this.liveness) {
      const crop = livenessCrop(img, face.box, ref.spec.cropScale, ref.spec.input.size);
      logits.push(await runCrop(session, ref.spec, crop));
    }
    return combineLiveness(logits, this.liveness[0].ref.spec.realClass);
  }
}

async function runCrop(session: ort.InferenceSession, spec: CropModelSpec, crop: RgbImage): Promise<Float32Array> {
  const s = spec.input.size;
  const out = await session.run({ [spec.input.name]: new ort.Tensor('float32', toNchw(crop, spec.input), [1, 3, s, s]) }, [spec.output]);
  return out[spec.output].data as Float32Array;
}

/**
 * A tampered or swapped model file never loads: fetch() checks the integrity hash of a plain file;
 * a file sent as byte planes is joined here and its sha256 checked before it is parsed.
 */
async function loadModel<S>(ref: ModelRef<S>): Promise<Loaded<S>> {
  const res = await fetch(ref.url, ref.planes ? {} : { integrity: ref.integrity });
  if (!res.ok) throw new Error(`model ${res.status}`);
  let bytes = new Uint8Array(await res.arrayBuffer());
  if (ref.planes) {
    bytes = joinPlanes(bytes, ref.planes);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    if ([...digest].map((b) => b.toString(16).padStart(2, '0')).join('') !== ref.sha256) throw new Error('model integrity check failed');
  }
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  return { ref, session };
}
