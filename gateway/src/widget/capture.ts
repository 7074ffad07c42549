import { fuseFrames, inGuardBand, sessionAgeVerdict, type AgeRange, type RgbImage } from '@idgate/inference/vision';
import { OneFaceTrack } from './face-track.ts';
import { grabFrame } from './camera.ts';
import { chainOf, sha256Hex, type DeviceVerdictBody, type FrameEvidence } from './evidence.ts';
import type { FrameAnalyser } from './face-check-client.ts';
import { guidanceFor } from './guidance.ts';
import type { MessageKey } from './locales/index.ts';
import type { WidgetConfig } from './widget-config.ts';

/** Frames per attempt: within the server's 3-30, enough for a stable median. */
export const FRAMES_PER_ATTEMPT = 5;
const GIVE_UP_AFTER_MS = 60_000;

export interface CaptureHooks {
  guidance(key: MessageKey): void;
  progress(done: number, total: number): void;
  canceled(): boolean;
}

/**
 * Runs the on-device check on live camera frames until FRAMES_PER_ATTEMPT usable ones are in,
 * then builds the evidence bound to the nonce. Each frame's hash is over the exact RGB pixels the
 * models saw; the verdict follows the server's own rule (the frames' median range judged by the
 * active age model's gate policy, every frame live).
 */
export async function captureEvidence(o: {
  checker: FrameAnalyser;
  cfg: WidgetConfig;
  video: HTMLVideoElement;
  canvas: HTMLCanvasElement;
  nonce: string;
  minAge: number | null;
  gate: number | null;
  hooks: CaptureHooks;
}): Promise<DeviceVerdictBody | undefined> {
  const frames: FrameEvidence[] = [];
  // The pixels of each frame in `frames`, kept for a re-run of the reference age model.
  const images: RgbImage[] = [];
  const seen = new Set<string>();
  const track = new OneFaceTrack();
  const started = Date.now();
  let first = 0;
  while (frames.length < FRAMES_PER_ATTEMPT && Date.now() - started < GIVE_UP_AFTER_MS) {
    if (o.hooks.canceled()) return undefined;
    const img = grabFrame(o.video, o.canvas);
    const t0 = performance.now();
    const r = await o.checker.analyse(img);
    const duration = performance.now() - t0;
    // The frames of one burst must show one person: a break in the face's track starts it over.
    if (!track.follow(r) && frames.length) {
      frames.length = 0;
      images.length = 0;
      o.hooks.progress(0, FRAMES_PER_ATTEMPT);
    }
    const hint = guidanceFor(r, img);
    o.hooks.guidance(hint);
    if (hint !== 'guide_hold' || r.liveness === undefined || r.age === undefined) continue;
    const frameHash = await sha256Hex(img.data);
    if (seen.has(frameHash)) continue; // the camera delivered the same frame twice
    seen.add(frameHash);
    if (!frames.length) first = Date.now() - Math.ceil(duration);
    images.push(img);
    frames.push({
      liveness_score: r.liveness,
      age_estimate: r.age.estimate,
      age_low: r.age.low,
      age_high: r.age.high,
      ...(r.age.lowFloor !== undefined && r.age.lowCeiling !== undefined ? { age_low_floor: r.age.lowFloor, age_low_ceiling: r.age.lowCeiling } : {}),
      duration_ms: Math.max(1, Math.round(duration)),
      frame_hash: frameHash,
    });
    o.hooks.progress(frames.length, FRAMES_PER_ATTEMPT);
    await new Promise((res) => setTimeout(res, 0)); // let the UI paint between frames
  }
  if (frames.length < 3) return undefined;
  // A reference run that cannot finish (the download failed) ends in a retake, not a wrong verdict.
  const scored = await withReferenceAges(o, frames, images).catch(() => undefined);
  if (!scored || o.hooks.canceled()) return undefined;
  return buildVerdict(o, scored, first);
}

/**
 * The frames' ages from the reference (float32) age model when the smaller file's verdict lies
 * within the guard band of a threshold (@idgate/protos guard-band.ts): only there may the two files
 * decide differently, so only then is the larger file fetched and run, on the same frames. The
 * frame's duration then includes the second run; the evidence names the reference file's hash,
 * which core requires for such a verdict.
 */
async function withReferenceAges(
  o: { checker: FrameAnalyser; cfg: WidgetConfig; minAge: number | null; hooks: CaptureHooks },
  frames: FrameEvidence[],
  images: RgbImage[],
): Promise<{ frames: FrameEvidence[]; modelHashes: string[] }> {
  const band = o.cfg.policy.ageGuardBand;
  const range = fuseFrames(frames.map(frameRange));
  if (!band || !o.cfg.models.ageReference || !o.checker.referenceAges || !inGuardBand(range, o.minAge, o.cfg.policy.age, band))
    return { frames, modelHashes: o.checker.modelHashes() };
  o.hooks.guidance('loading_models');
  const ref = await o.checker.referenceAges(images);
  const rescored = frames.map((f, i) => {
    const age = ref.ages[i];
    // The same pixels gave a face a moment ago; a frame that no longer does cannot be judged.
    if (!age) throw new Error('the reference age model found no face in a frame already judged');
    // The reference file's numbers are the ones the band stands in for: they carry no bounds.
    const { age_low_floor: _floor, age_low_ceiling: _ceiling, ...rest } = f;
    return {
      ...rest,
      age_estimate: age.estimate,
      age_low: age.low,
      age_high: age.high,
      duration_ms: f.duration_ms + Math.max(1, Math.round(ref.durationsMs[i])),
    };
  });
  return { frames: rescored, modelHashes: ref.modelHashes };
}

async function buildVerdict(
  o: { cfg: WidgetConfig; nonce: string; minAge: number | null; gate: number | null },
  { frames, modelHashes }: { frames: FrameEvidence[]; modelHashes: string[] },
  first: number,
): Promise<DeviceVerdictBody> {
  const p = o.cfg.policy;
  const range = fuseFrames(frames.map(frameRange));
  const verdict = sessionAgeVerdict(range, o.minAge, p.age);
  return {
    nonce: o.nonce,
    liveness_passed: frames.every((f) => f.liveness_score >= p.livenessThreshold),
    age_verdict: verdict,
    age_gate: o.gate ?? 0,
    model_hashes: modelHashes,
    frames,
    chain_hash: await chainOf(
      o.nonce,
      frames.map((f) => f.frame_hash),
    ),
    capture_started_ms: first,
    capture_finished_ms: Date.now(),
  };
}

/** A frame's age as the gate policy and the guard band read it, as core reads it from the evidence. */
function frameRange(f: FrameEvidence): AgeRange {
  const range = { estimate: f.age_estimate, low: f.age_low, high: f.age_high };
  return f.age_low_floor !== undefined && f.age_low_ceiling !== undefined ? { ...range, lowFloor: f.age_low_floor, lowCeiling: f.age_low_ceiling } : range;
}
