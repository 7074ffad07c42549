import { appError } from '@idgate/protos';
import { ageViewCrops, burstLiveness, cosineSimilarity, fuseFrames, gateVerdicts, type AgeView } from '../../vision/index.ts';
import type { AgeResult, CheckResult, DetectResult, EmbedResult, ImagesPayload, LivenessResult } from '../../pool/protocol.ts';
import type { Runtime } from '../runtime.ts';
import { checkStop, timed, type Timings } from '../timing.ts';
import { analyseFrame, isUsable, requireUsable, unusableFrameError, type FrameAnalysis, type UsableFrame } from '../steps/analyse-frame.ts';
import { embedAligned, estimateAgeOnce, estimateAgeRange, livenessScore } from '../steps/face-models.ts';
import { requireUpright } from '../steps/orientation.ts';

/** Faces found, the subject, its quality and whether the frame is usable (never throws for a face problem). */
export async function detectTask(rt: Runtime, p: ImagesPayload): Promise<DetectResult> {
  const timings: Timings = {};
  const a = await analyseFrame(rt, new Uint8Array(one(p)), timings, p);
  const subjectIndex = a.subject ? a.faces.indexOf(a.subject) : -1;
  return {
    width: a.image.width,
    height: a.image.height,
    faces: a.faces,
    subjectIndex,
    peopleInFrame: a.peopleInFrame,
    quality: a.quality,
    usable: isUsable(a),
    reasons: a.reasons,
    timings,
  };
}

export async function embedTask(rt: Runtime, p: ImagesPayload): Promise<EmbedResult> {
  const timings: Timings = {};
  const a = requireUsable(await analyseFrame(rt, new Uint8Array(one(p)), timings, p));
  await timed(timings, 'orientation', () => requireUpright(rt, a.image, a.subject));
  checkStop(p);
  const embedding = await timed(timings, 'embed', () => embedAligned(rt, a.aligned));
  return { embedding, model: rt.recognizer.spec.id, quality: a.quality, timings };
}

export async function ageTask(rt: Runtime, p: ImagesPayload): Promise<AgeResult> {
  const timings: Timings = {};
  const a = requireUsable(await analyseFrame(rt, new Uint8Array(one(p)), timings, p));
  checkStop(p);
  return ageOf(rt, [a], timings);
}

/**
 * The age model's views of a one-frame check's face, each with its distribution (for a distribution
 * model): what a calibration script needs to compare two files of one model beyond their ranges.
 */
export async function ageViewsTask(rt: Runtime, p: ImagesPayload): Promise<AgeView[]> {
  const a = requireUsable(await analyseFrame(rt, new Uint8Array(one(p)), {}, p));
  const views: AgeView[] = [];
  for (const crop of ageViewCrops(rt.age.spec, a)) views.push(await estimateAgeOnce(rt, crop));
  return views;
}

export async function livenessTask(rt: Runtime, p: ImagesPayload): Promise<LivenessResult> {
  const timings: Timings = {};
  const frames = await analyseBurst(rt, p, timings);
  return livenessOf(rt, frames, timings);
}

/** The combined facial check (detect + quality + liveness + age + embed) on one frame or a burst. */
export async function checkTask(rt: Runtime, p: ImagesPayload): Promise<CheckResult> {
  const timings: Timings = {};
  const frames = await analyseBurst(rt, p, timings);
  const liveness = await livenessOf(rt, frames, timings);
  checkStop(p);
  const usable = frames.filter(isUsable);
  const best = usable.reduce((a, b) => (b.quality.sharpness > a.quality.sharpness ? b : a));
  // A face on its side or upside down passes the landmark pose check and liveness but is embedded
  // as nobody (steps/orientation.ts): refused before its embedding and age are used.
  await timed(timings, 'orientation', () => requireUpright(rt, best.image, best.subject, frames.indexOf(best)));
  const embedding = await timed(timings, 'embed', () => embedAligned(rt, best.aligned));
  await requireOnePerson(rt, frames, best, embedding, timings, p);
  const age = await ageOf(rt, usable, timings);
  return {
    liveness: { ...liveness, timings: {} },
    age: { ...age, timings: {} },
    embedding: { embedding, model: rt.recognizer.spec.id, quality: best.quality, timings: {} },
    bestFrame: frames.indexOf(best),
    timings,
  };
}

function one(p: ImagesPayload): ArrayBuffer {
  if (p.images.length !== 1) throw appError('REQUEST_INVALID', { details: { reasons: ['exactly_one_image_expected'] } });
  return p.images[0];
}

/**
 * Analyses every frame of a burst. Another person in ANY frame rejects the burst; frames that are
 * merely unusable (blur, pose) are skipped, and only a burst with no usable frame is an error.
 */
async function analyseBurst(rt: Runtime, p: ImagesPayload, timings: Timings): Promise<FrameAnalysis[]> {
  const max = rt.init.policy.image.maxBurstFrames;
  if (p.images.length === 0 || p.images.length > max) throw appError('REQUEST_INVALID', { details: { reasons: [`frames_must_be_1_to_${max}`] } });
  const frames: FrameAnalysis[] = [];
  for (const image of p.images) {
    checkStop(p);
    const a = await analyseFrame(rt, new Uint8Array(image), timings, p);
    if (a.peopleInFrame > 1) throw unusableFrameError(a, frames.length);
    frames.push(a);
  }
  if (!frames.some(isUsable)) throw unusableFrameError(frames[0], 0);
  return frames;
}

async function livenessOf(rt: Runtime, frames: FrameAnalysis[], timings: Timings): Promise<LivenessResult> {
  const { threshold, spoofFloor } = rt.init.policy.liveness;
  const scored = [];
  for (const [index, a] of frames.entries()) {
    const score = isUsable(a) ? await timed(timings, 'liveness', () => livenessScore(rt, a.image, a.subject)) : undefined;
    scored.push({ index, ...(score === undefined ? {} : { score }), reasons: a.reasons });
  }
  const burst = burstLiveness(
    scored.flatMap((f) => (f.score === undefined ? [] : [f.score])),
    threshold,
    spoofFloor,
  );
  return { live: burst.live, score: burst.score, threshold, frames: scored, timings };
}

async function ageOf(rt: Runtime, usable: UsableFrame[], timings: Timings): Promise<AgeResult> {
  const ranges = [];
  for (const a of usable) ranges.push(await timed(timings, 'age', () => estimateAgeRange(rt, a)));
  const range = fuseFrames(ranges);
  return { range, verdicts: gateVerdicts(range, rt.age.spec.policy), model: rt.age.spec.id, timings };
}

/**
 * Every usable frame of a burst must show the person of the best frame (cosine similarity at the
 * recognizer's match threshold) before their ages are fused: otherwise frames of an adult and of
 * a child, each with one face in view, would pass as one person. A mixed burst is refused with
 * FACE_MULTIPLE and the reason `different_people_in_burst`, naming the first frame that differs.
 */
async function requireOnePerson(
  rt: Runtime,
  frames: FrameAnalysis[],
  best: UsableFrame,
  bestEmbedding: Float32Array,
  timings: Timings,
  stop: ImagesPayload,
): Promise<void> {
  const { matchThreshold } = rt.recognizer.spec;
  for (const [frameIndex, a] of frames.entries()) {
    if (a === best || !isUsable(a)) continue;
    checkStop(stop);
    const embedding = await timed(timings, 'embed', () => embedAligned(rt, a.aligned));
    if (cosineSimilarity(embedding, bestEmbedding) < matchThreshold) {
      throw appError('FACE_MULTIPLE', {
        message: 'The frames of this burst show different people; only one person may take the check.',
        details: { reasons: ['different_people_in_burst'], frameIndex },
      });
    }
  }
}
