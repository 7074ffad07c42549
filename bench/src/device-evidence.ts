import { createHash, randomBytes } from 'node:crypto';
import { chainOf } from '@idgate/core';

/** The widget state fields a device verdict is bound to. */
export interface EvidenceState {
  nonce?: unknown;
  device_age_gate?: unknown;
  accepted_model_hashes?: unknown;
}

/**
 * A passing on-device verdict for a widget state, as the benches' ordinary flows send it: three
 * live frames of an adult well over any gate, fresh frame hashes, the chain over them. The service
 * checks its shape and binding, not the camera, so the flow costs what a real one costs the server.
 */
export function passingDeviceEvidence(s: EvidenceState): Record<string, unknown> {
  const frames = [45, 46, 47].map((age) => ({
    liveness_score: 0.95,
    age_estimate: age,
    duration_ms: 20,
    frame_hash: createHash('sha256').update(randomBytes(8)).digest('hex'),
  }));
  return {
    nonce: s.nonce,
    liveness_passed: true,
    age_verdict: 'pass',
    age_gate: s.device_age_gate,
    model_hashes: s.accepted_model_hashes ?? [],
    frames,
    chain_hash: chainOf(
      String(s.nonce),
      frames.map((f) => f.frame_hash),
    ),
    capture_started_ms: 0,
    capture_finished_ms: 70,
  };
}
