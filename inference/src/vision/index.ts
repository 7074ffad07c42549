/**
 * Browser-safe pre/post-processing shared by the inference workers and the hosted widget
 * (`@idgate/inference/vision`). Pure TypeScript over typed arrays: no fs, no Buffer, no sharp,
 * no onnxruntime. Model runners pass raw output tensors in and get faces, crops, scores out.
 *
 * @example
 * import { letterboxSize, toNchw, decodeYunet, selectSubject, alignFace112 } from '@idgate/inference/vision';
 */
export * from './types.ts';
export { createImage, resizeBilinear, cropImage, toGray, flipHorizontal } from './image.ts';
export { toNchw, stackBatch, letterboxSize } from './tensor.ts';
export { decodeScrfd, type ScrfdOutputs, type DecodeOptions } from './detect/scrfd.ts';
export { decodeYunet, type YunetOutputs } from './detect/yunet.ts';
export { nonMaxSuppression, intersectionOverUnion } from './detect/nms.ts';
export { ARCFACE_TEMPLATE_112, estimateSimilarity, invertAffine, warpAffine, alignFace112, type Affine } from './align.ts';
export { livenessCropRect, livenessCrop, softmax, combineLiveness, burstLiveness, type CropRect, type BurstLiveness } from './liveness.ts';
export {
  AGE_THRESHOLDS,
  decodeAge,
  decodeAgeView,
  distributionQuantile,
  frameAgeRange,
  olderThanProbabilities,
  fuseFrames,
  gateVerdicts,
  inGuardBand,
  sessionAgeVerdict,
  type AgeDecoding,
  type AgeGuardBand,
  type AgeSpread,
  type AgeView,
  type AgeVerdict,
  type AgeRange,
  type AgeGatePolicy,
} from './age.ts';
export { ageBoxCrop, ageViewCrops, type AgeCrop, type AgeInputSpec } from './age-crop.ts';
export { l2Normalize, cosineSimilarity, isSamePerson } from './similarity.ts';
export { laplacianVariance, faceSharpness, poseFromLandmarks, assessQuality, type QualityPolicy, type QualityReport, type Pose } from './quality.ts';
export { selectSubject, type SubjectPolicy, type SubjectSelection } from './subject.ts';
