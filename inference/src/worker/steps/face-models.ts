import {
  ageRangeOf,
  combineLiveness,
  decodeAge,
  flipHorizontal,
  l2Normalize,
  livenessCrop,
  toNchw,
  type AgeRange,
  type FaceDetection,
  type RgbImage,
} from '../../vision/index.ts';
import type { Runtime } from '../runtime.ts';
import { floatTensor, runSession } from '../sessions.ts';

/** 512-d L2-normalised embedding of an ArcFace-aligned 112x112 crop. */
export async function embedAligned(rt: Runtime, aligned: RgbImage): Promise<Float32Array> {
  const spec = rt.recognizer.spec;
  const tensor = floatTensor(toNchw(aligned, spec.input), [1, 3, spec.input.size, spec.input.size]);
  const [raw] = await runSession(rt.recognizer, { [spec.input.name]: tensor }, [spec.output]);
  return l2Normalize(raw.subarray(0, spec.embeddingSize));
}

/** Age in years of one ArcFace-aligned 112x112 crop. */
export async function estimateAgeOnce(rt: Runtime, aligned: RgbImage): Promise<number> {
  const spec = rt.age.spec;
  const tensor = floatTensor(toNchw(aligned, spec.input), [1, 3, spec.input.size, spec.input.size]);
  const [raw] = await runSession(rt.age, { [spec.input.name]: tensor }, [spec.output]);
  return decodeAge(raw, spec.decoding);
}

/**
 * Age range of an aligned crop from two views, the crop and its mirror image. On the fixtures
 * the two views agree within a few years on adults but differ by 11 years on the child the model
 * overestimates, so the range is what the verdict policy looks at, not the mean.
 */
export async function estimateAgeRange(rt: Runtime, aligned: RgbImage): Promise<AgeRange> {
  const a = await estimateAgeOnce(rt, aligned);
  const b = await estimateAgeOnce(rt, flipHorizontal(aligned));
  return ageRangeOf([a, b]);
}

/** Passive liveness real-score of one face: every active anti-spoofing model on its own crop, averaged. */
export async function livenessScore(rt: Runtime, img: RgbImage, face: FaceDetection): Promise<number> {
  const logits: Float32Array[] = [];
  for (const model of rt.liveness) {
    const { spec } = model;
    const crop = livenessCrop(img, face.box, spec.cropScale, spec.input.size);
    const tensor = floatTensor(toNchw(crop, spec.input), [1, 3, spec.input.size, spec.input.size]);
    const [out] = await runSession(model, { [spec.input.name]: tensor }, [spec.output]);
    logits.push(out);
  }
  return combineLiveness(logits, rt.liveness[0].spec.realClass);
}
