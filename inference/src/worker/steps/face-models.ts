import {
  ageViewCrops,
  combineLiveness,
  decodeAgeView,
  frameAgeRange,
  l2Normalize,
  livenessCrop,
  toNchw,
  type AgeRange,
  type AgeView,
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

/** One view of a crop already cut the way the age model wants it (ageViewCrops). */
export async function estimateAgeOnce(rt: Runtime, crop: RgbImage): Promise<AgeView> {
  const spec = rt.age.spec;
  const tensor = floatTensor(toNchw(crop, spec.input), [1, 3, spec.input.size, spec.input.size]);
  const [raw] = await runSession(rt.age, { [spec.input.name]: tensor }, [spec.output]);
  return decodeAgeView(raw, spec.decoding);
}

/**
 * Age of one frame over the views its manifest entry names (the crop, and its mirror image unless
 * `mirror: false`); the range's ends come from the model's distribution or from the views' spread.
 */
export async function estimateAgeRange(rt: Runtime, frame: { image: RgbImage; subject: FaceDetection; aligned: RgbImage }): Promise<AgeRange> {
  const spec = rt.age.spec;
  const views: AgeView[] = [];
  for (const crop of ageViewCrops(spec, frame)) views.push(await estimateAgeOnce(rt, crop));
  return frameAgeRange(views, spec.spread ?? { kind: 'views' }, spec.decoding);
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
