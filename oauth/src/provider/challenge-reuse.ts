import type { Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { subjectDigest } from '../throttle/failure-window.ts';

/** How long a code_challenge is remembered: far longer than any code lives (60 s). */
const REMEMBER_MS = 24 * 3600_000;

/**
 * RELIABILITY C-BCP-6 (RFC 9700 §2.1.1: a code_challenge is per authorization request): a
 * challenge seen in a second, different authorization request is flagged with a warning, the
 * client and a digest of the challenge (never the challenge, nothing about the user). A client
 * that reuses challenges has a broken PKCE implementation, or someone replays its requests.
 *
 * The first request's fingerprint (client, state, nonce) is kept with SET NX for a day: the
 * same request resumed after login carries the same fingerprint and is not a reuse.
 */
export class ChallengeReuseDetector {
  private readonly kv: KeyValueStore;
  private readonly log: Logger;

  constructor(kv: KeyValueStore, log: Logger) {
    this.kv = kv;
    this.log = log;
  }

  async observe(params: { client_id?: unknown; code_challenge?: unknown; state?: unknown; nonce?: unknown }): Promise<boolean> {
    if (typeof params.code_challenge !== 'string' || !params.code_challenge) return false;
    const digest = subjectDigest(params.code_challenge);
    const key = `oauth:pkce-challenge:${digest}`;
    const fingerprint = JSON.stringify([params.client_id ?? null, params.state ?? null, params.nonce ?? null]);
    if (await this.kv.set(key, fingerprint, { nx: true, pxMs: REMEMBER_MS })) return false;
    const first = await this.kv.get(key);
    if (first === null || first === fingerprint) return false;
    this.log.warn(
      { event: 'pkce.code_challenge_reused', clientId: params.client_id, challengeDigest: digest },
      'code_challenge reused across authorization requests (C-BCP-6)',
    );
    return true;
  }
}
