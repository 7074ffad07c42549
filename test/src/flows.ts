import { createHash, randomBytes } from 'node:crypto';
import { chainOf } from '@idgate/core';
import { TEST_MODEL_HASHES, type TestService } from './harness.ts';

export const CALLBACK = 'https://shop.example/return';

export async function init(svc: TestService, key: string, body: Record<string, unknown> = {}) {
  return svc.http('POST', '/verify/v1/init', { body: { callback_url: CALLBACK, min_age: 18, ...body }, headers: { 'x-api-key': key } });
}

export async function startWidget(svc: TestService, initToken: string) {
  return svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken } });
}

/**
 * Evidence as an honest widget would send it: per-frame scores and timings, distinct frame
 * hashes and the hash chain seeded with the session nonce.
 */
export function deviceEvidence(
  nonce: string,
  o: { gate: number; ages: number[]; liveness?: number[]; verdict?: string; livenessPassed?: boolean; frameMs?: number; modelHashes?: string[] },
) {
  const frameMs = o.frameMs ?? 40;
  const frames = o.ages.map((age, i) => ({
    liveness_score: o.liveness?.[i] ?? 0.93,
    age_estimate: age,
    duration_ms: frameMs,
    frame_hash: createHash('sha256').update(randomBytes(16)).digest('hex'),
  }));
  const total = frames.length * frameMs;
  return {
    nonce,
    liveness_passed: o.livenessPassed ?? frames.every((f) => f.liveness_score >= 0.5),
    age_verdict: o.verdict ?? 'pass',
    age_gate: o.gate,
    model_hashes: o.modelHashes ?? TEST_MODEL_HASHES,
    frames,
    chain_hash: chainOf(
      nonce,
      frames.map((f) => f.frame_hash),
    ),
    capture_started_ms: 1_700_000_000_000,
    capture_finished_ms: 1_700_000_000_000 + total + 10,
  };
}

/** init → widget start → on-device verdict; returns the widget state after the verdict. */
export async function pathA(
  svc: TestService,
  key: string,
  o: { ages?: number[]; initBody?: Record<string, unknown>; verdict?: string; liveness?: number[] } = {},
) {
  const i = await init(svc, key, o.initBody);
  const s = await startWidget(svc, i.body.data.token);
  const ws = s.body.data.widget_session as string;
  svc.clock.advance(2000); // the device needs time to capture and score frames
  const ev = deviceEvidence(s.body.data.nonce, {
    gate: s.body.data.device_age_gate ?? 0,
    ages: o.ages ?? [44, 46, 45, 47, 43],
    verdict: o.verdict,
    liveness: o.liveness,
  });
  const v = await svc.http('POST', '/verify/v1/widget/session/device-verdict', { body: ev, headers: { 'x-widget-session': ws } });
  return { init: i, start: s, verdict: v, widgetSession: ws };
}

export function tokenFromRedirect(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}
