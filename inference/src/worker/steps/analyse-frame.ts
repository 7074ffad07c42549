import { appError } from '@idgate/protos';
import { alignFace112, assessQuality, selectSubject, type FaceDetection, type QualityReport, type RgbImage } from '../../vision/index.ts';
import { decodeImage } from '../decode.ts';
import type { Runtime } from '../runtime.ts';
import { checkStop, timed, type StopWhen, type Timings } from '../timing.ts';
import { detectFaces } from './detect.ts';

/** Everything known about one frame after decode, detection, alignment and quality. */
export interface FrameAnalysis {
  readonly image: RgbImage;
  readonly faces: FaceDetection[];
  readonly subject: FaceDetection | undefined;
  readonly peopleInFrame: number;
  /** ArcFace 112x112 crop of the subject (recognition and age input). */
  readonly aligned: RgbImage | undefined;
  readonly quality: QualityReport | undefined;
  /** Why the frame is unusable; empty when usable. */
  readonly reasons: string[];
}

export async function analyseFrame(rt: Runtime, bytes: Uint8Array, timings: Timings, stop: StopWhen = {}): Promise<FrameAnalysis> {
  const { policy, limits } = rt.init;
  checkStop(stop);
  const image = await timed(timings, 'decode', () => decodeImage(bytes, limits, policy.image.workingMaxSide));
  checkStop(stop);
  const faces = await timed(timings, 'detect', () => detectFaces(rt, image));
  const { subject, peopleInFrame } = selectSubject(faces, policy.subject);
  if (!subject) return { image, faces, subject, peopleInFrame, aligned: undefined, quality: undefined, reasons: ['no_face'] };
  const aligned = await timed(timings, 'align', () => alignFace112(image, subject.landmarks));
  const quality = await timed(timings, 'quality', () => assessQuality(subject, aligned, policy.quality));
  const reasons = peopleInFrame > 1 ? ['multiple_faces', ...quality.reasons] : quality.reasons;
  return { image, faces, subject, peopleInFrame, aligned, quality, reasons };
}

export interface UsableFrame extends FrameAnalysis {
  readonly subject: FaceDetection;
  readonly aligned: RgbImage;
  readonly quality: QualityReport;
}

/** The catalogue error for an unusable frame: no face, another person in frame, or low quality. */
export function unusableFrameError(a: FrameAnalysis, frameIndex?: number): Error {
  const where = frameIndex === undefined ? {} : { frameIndex };
  if (!a.subject) return appError('FACE_NOT_FOUND', { details: { reasons: ['no_face'], ...where } });
  if (a.peopleInFrame > 1) return appError('FACE_MULTIPLE', { details: { reasons: ['multiple_faces'], faceCount: a.peopleInFrame, ...where } });
  return appError('FACE_QUALITY_LOW', { details: { reasons: a.reasons, ...where } });
}

export function isUsable(a: FrameAnalysis): a is UsableFrame {
  return a.subject !== undefined && a.reasons.length === 0;
}

/** Single-frame operations need exactly one usable face. */
export function requireUsable(a: FrameAnalysis): UsableFrame {
  if (!isUsable(a)) throw unusableFrameError(a);
  return a;
}
