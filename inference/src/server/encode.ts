import type {
  InferenceAgeResponse,
  InferenceDetectFacesResponse,
  InferenceEmbedFaceResponse,
  InferenceFace,
  InferenceLivenessResponse,
  InferenceQuality,
} from '@idgate/protos';
import type { AgeResult, DetectResult, EmbedResult, LivenessResult } from '../pool/protocol.ts';
import type { AgeVerdict, FaceDetection, QualityReport } from '../vision/index.ts';

/** Worker results -> proto messages (plain objects for proto-loader; arrays, not typed arrays). */

const VERDICTS: Record<AgeVerdict, 'AGE_VERDICT_PASS' | 'AGE_VERDICT_FAIL' | 'AGE_VERDICT_UNDECIDED'> = {
  pass: 'AGE_VERDICT_PASS',
  fail: 'AGE_VERDICT_FAIL',
  undecided: 'AGE_VERDICT_UNDECIDED',
};

export function encodeFace(f: FaceDetection): InferenceFace {
  return { box: { ...f.box }, score: f.score, landmarks: f.landmarks.map(([x, y]) => ({ x, y })) };
}

export function encodeQuality(q: QualityReport): InferenceQuality {
  return { faceSize: q.faceSize, sharpness: q.sharpness, pose: { ...q.pose }, reasons: q.reasons };
}

export function encodeDetect(r: DetectResult): InferenceDetectFacesResponse {
  return {
    width: r.width,
    height: r.height,
    faces: r.faces.map(encodeFace),
    subjectIndex: r.subjectIndex,
    peopleInFrame: r.peopleInFrame,
    ...(r.quality ? { quality: encodeQuality(r.quality) } : {}),
    usable: r.usable,
    reasons: r.reasons,
    timingsMs: r.timings,
  };
}

export function encodeLiveness(r: LivenessResult): InferenceLivenessResponse {
  return { live: r.live, score: r.score, threshold: r.threshold, frames: r.frames.map((f) => ({ ...f })), timingsMs: r.timings };
}

export function encodeAge(r: AgeResult): InferenceAgeResponse {
  return {
    estimatedAge: r.range.estimate,
    low: r.range.low,
    high: r.range.high,
    verdicts: r.verdicts.map((v) => ({ threshold: v.threshold, verdict: VERDICTS[v.verdict] })),
    model: r.model,
    timingsMs: r.timings,
  };
}

export function encodeEmbed(r: EmbedResult): InferenceEmbedFaceResponse {
  return { embedding: { values: Array.from(r.embedding), model: r.model }, quality: encodeQuality(r.quality), timingsMs: r.timings };
}
