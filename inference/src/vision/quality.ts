import { toGray } from './image.ts';
import { boxHeight, boxWidth, type FaceDetection, type Point, type RgbImage } from './types.ts';

/** Thresholds of a usable face; calibrated with the detector and kept in the models manifest. */
export interface QualityPolicy {
  /** Smallest accepted face box side, in pixels of the decoded image. */
  readonly minFaceSize: number;
  /** Smallest variance of the Laplacian of the aligned 112x112 grey crop. */
  readonly minSharpness: number;
  readonly maxYawDegrees: number;
  readonly maxPitchDegrees: number;
  readonly maxRollDegrees: number;
}

export interface Pose {
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
}

export interface QualityReport {
  readonly faceSize: number;
  readonly sharpness: number;
  readonly pose: Pose;
  /** Empty when usable; otherwise machine-readable reasons (face_too_small, face_blurry, ...). */
  readonly reasons: string[];
}

/** Variance of the 4-neighbour Laplacian: low on blurred images (few sharp edges). */
export function laplacianVariance(gray: ArrayLike<number>, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = gray[i - 1] + gray[i + 1] + gray[i - width] + gray[i + width] - 4 * gray[i];
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Sharpness of an aligned face crop (scale-normalised, so comparable across image sizes). */
export function faceSharpness(aligned: RgbImage): number {
  return laplacianVariance(toGray(aligned), aligned.width, aligned.height);
}

const DEG = 180 / Math.PI;
const clamp1 = (v: number): number => Math.max(-1, Math.min(1, v));

/**
 * Rough head pose from the 5 landmarks, in degrees. Roll is the eye-line angle. In the
 * roll-corrected frame, yaw comes from the nose offset from the eye midpoint (relative to the
 * eye distance; the nose tip sits about 0.55 eye distances in front of the eye plane) and pitch
 * from where the nose sits between the eye line and the mouth line (0.49 on the ArcFace template).
 */
export function poseFromLandmarks(lm: readonly Point[]): Pose {
  const [le, re, nose, lm_, rm] = lm;
  const roll = Math.atan2(re[1] - le[1], re[0] - le[0]);
  const cos = Math.cos(-roll);
  const sin = Math.sin(-roll);
  const rot = (p: Point): Point => [p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos];
  const [e1, e2, n, m1, m2] = [rot(le), rot(re), rot(nose), rot(lm_), rot(rm)];
  const eyeDist = Math.max(1e-6, e2[0] - e1[0]);
  const eyeMid: Point = [(e1[0] + e2[0]) / 2, (e1[1] + e2[1]) / 2];
  const mouthMidY = (m1[1] + m2[1]) / 2;
  const yaw = Math.asin(clamp1((n[0] - eyeMid[0]) / eyeDist / 0.55)) * DEG;
  const t = (n[1] - eyeMid[1]) / Math.max(1e-6, mouthMidY - eyeMid[1]);
  const pitch = Math.asin(clamp1((t - 0.49) / 0.5)) * DEG;
  return { yaw, pitch, roll: roll * DEG };
}

export function assessQuality(face: FaceDetection, aligned: RgbImage, policy: QualityPolicy): QualityReport {
  const faceSize = Math.min(boxWidth(face.box), boxHeight(face.box));
  const sharpness = faceSharpness(aligned);
  const pose = poseFromLandmarks(face.landmarks);
  const reasons: string[] = [];
  if (faceSize < policy.minFaceSize) reasons.push('face_too_small');
  if (sharpness < policy.minSharpness) reasons.push('face_blurry');
  if (Math.abs(pose.yaw) > policy.maxYawDegrees) reasons.push('face_turned_sideways');
  if (Math.abs(pose.pitch) > policy.maxPitchDegrees) reasons.push('face_tilted_up_or_down');
  if (Math.abs(pose.roll) > policy.maxRollDegrees) reasons.push('face_rotated');
  return { faceSize, sharpness, pose, reasons };
}
