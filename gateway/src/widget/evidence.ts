/** One analysed frame as reported in the device evidence (docs/widget.md "Trust model of an on-device verdict"). */
export interface FrameEvidence {
  liveness_score: number;
  age_estimate: number;
  age_low: number;
  age_high: number;
  /** The bounds of age_low for the smaller age model file (AgeRange lowFloor / lowCeiling); absent otherwise. */
  age_low_floor?: number;
  age_low_ceiling?: number;
  duration_ms: number;
  frame_hash: string;
}

export interface DeviceVerdictBody {
  nonce: string;
  liveness_passed: boolean;
  age_verdict: 'pass' | 'fail' | 'undecided';
  age_gate: number;
  model_hashes: string[];
  frames: FrameEvidence[];
  chain_hash: string;
  capture_started_ms: number;
  capture_finished_ms: number;
}

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** chain_0 = sha256(nonce); chain_i = sha256(chain_{i-1} + frame_hash_i), hex (core device-verdict.ts). */
export async function chainOf(nonce: string, frameHashes: readonly string[]): Promise<string> {
  let chain = await sha256Hex(nonce);
  for (const h of frameHashes) chain = await sha256Hex(chain + h);
  return chain;
}
