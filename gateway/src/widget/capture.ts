import { sessionAgeVerdict } from '@idgate/inference/vision';
import { grabFrame } from './camera.ts';
import { chainOf, median, sha256Hex, type DeviceVerdictBody, type FrameEvidence } from './evidence.ts';
import type { FaceChecker } from './face-check.ts';
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
 * models saw; the verdict follows the server's own rule (median estimate, every frame live).
 */
export async function captureEvidence(o: { checker: FaceChecker; cfg: WidgetConfig; video: HTMLVideoElement; canvas: HTMLCanvasElement; nonce: string; minAge: number | null; gate: number | null; hooks: CaptureHooks }): Promise<DeviceVerdictBody | undefined> {
  const frames: FrameEvidence[] = [];
  const seen = new Set<string>();
  const started = Date.now();
  let first = 0;
  while (frames.length < FRAMES_PER_ATTEMPT && Date.now() - started < GIVE_UP_AFTER_MS) {
    if (o.hooks.canceled()) return undefined;
    const img = grabFrame(o.video, o.canvas);
    const t0 = performance.now();
    const r = await o.checker.analyse(img);
    const duration = performance.now() - t0;
    const hint = guidanceFor(r, img);
    o.hooks.guidance(hint);
    if (hint !== 'guide_hold' || r.liveness === undefined || r.age === undefined) continue;
    const frameHash = await sha256Hex(img.data);
    if (seen.has(frameHash)) continue; // the camera delivered the same frame twice
    seen.add(frameHash);
    if (!frames.length) first = Date.now() - Math.ceil(duration);
    frames.push({ liveness_score: r.liveness, age_estimate: r.age, duration_ms: Math.max(1, Math.round(duration)), frame_hash: frameHash });
    o.hooks.progress(frames.length, FRAMES_PER_ATTEMPT);
    await new Promise((res) => setTimeout(res, 0)); // let the UI paint between frames
  }
  if (frames.length < 3) return undefined;
  return buildVerdict(o, frames, first);
}

async function buildVerdict(o: { checker: FaceChecker; cfg: WidgetConfig; nonce: string; minAge: number | null; gate: number | null }, frames: FrameEvidence[], first: number): Promise<DeviceVerdictBody> {
  const p = o.cfg.policy;
  const estimate = median(frames.map((f) => f.age_estimate));
  const verdict = sessionAgeVerdict({ estimate, low: estimate, high: estimate }, o.minAge, o.gate, { bufferYears: p.ageBufferYears, minPassAge: p.minPassAge });
  return {
    nonce: o.nonce,
    liveness_passed: frames.every((f) => f.liveness_score >= p.livenessThreshold),
    age_verdict: verdict,
    age_gate: o.gate ?? 0,
    model_hashes: o.checker.modelHashes(),
    frames,
    chain_hash: await chainOf(o.nonce, frames.map((f) => f.frame_hash)),
    capture_started_ms: first,
    capture_finished_ms: Date.now(),
  };
}
