import { fuseFrames, sessionAgeVerdict } from '@idgate/inference/vision';
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
      o.hooks.progress(0, FRAMES_PER_ATTEMPT);
    }
    const hint = guidanceFor(r, img);
    o.hooks.guidance(hint);
    if (hint !== 'guide_hold' || r.liveness === undefined || r.age === undefined) continue;
    const frameHash = await sha256Hex(img.data);
    if (seen.has(frameHash)) continue; // the camera delivered the same frame twice
    seen.add(frameHash);
    if (!frames.length) first = Date.now() - Math.ceil(duration);
    frames.push({
      liveness_score: r.liveness,
      age_estimate: r.age.estimate,
      age_low: r.age.low,
      age_high: r.age.high,
      duration_ms: Math.max(1, Math.round(duration)),
      frame_hash: frameHash,
    });
    o.hooks.progress(frames.length, FRAMES_PER_ATTEMPT);
    await new Promise((res) => setTimeout(res, 0)); // let the UI paint between frames
  }
  if (frames.length < 3) return undefined;
  return buildVerdict(o, frames, first);
}

async function buildVerdict(
  o: { checker: FrameAnalyser; cfg: WidgetConfig; nonce: string; minAge: number | null; gate: number | null },
  frames: FrameEvidence[],
  first: number,
): Promise<DeviceVerdictBody> {
  const p = o.cfg.policy;
  const range = fuseFrames(frames.map((f) => ({ estimate: f.age_estimate, low: f.age_low, high: f.age_high })));
  const verdict = sessionAgeVerdict(range, o.minAge, p.age);
  return {
    nonce: o.nonce,
    liveness_passed: frames.every((f) => f.liveness_score >= p.livenessThreshold),
    age_verdict: verdict,
    age_gate: o.gate ?? 0,
    model_hashes: o.checker.modelHashes(),
    frames,
    chain_hash: await chainOf(
      o.nonce,
      frames.map((f) => f.frame_hash),
    ),
    capture_started_ms: first,
    capture_finished_ms: Date.now(),
  };
}
