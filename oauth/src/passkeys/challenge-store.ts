import type { KeyValueStore } from '@idgate/platform/kv';
import { sha256Hex } from '../crypto/secrets.ts';

/** How long a ceremony's challenge may be answered: long enough for a touch or a PIN. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

/**
 * Challenges of WebAuthn ceremonies in the key-value store. Each is bound to a *binding* (who
 * may answer it: `register:<user id>`, `widget:<sha256 of the widget session token>`, the sign-in
 * page's interaction or cookie) and can be consumed once: `consume` claims a marker with
 * `kv.claim` (SET NX while the challenge exists, one atomic step on Redis and in-process), so of
 * any number of parallel answers exactly one gets the binding back. A consumed challenge stays
 * spent even when its answer is then refused. Keys hold a digest of the challenge.
 */
export class ChallengeStore {
  private readonly kv: KeyValueStore;
  private readonly ttlMs: number;

  constructor(kv: KeyValueStore, ttlMs = CHALLENGE_TTL_MS) {
    this.kv = kv;
    this.ttlMs = ttlMs;
  }

  async issue(challenge: string, binding: string): Promise<void> {
    await this.kv.set(this.key(challenge), binding, { pxMs: this.ttlMs });
  }

  /**
   * Spends the challenge; true only for the first caller, while it has not expired, and when it
   * was issued for `binding` (a challenge presented under another binding is spent all the same,
   * so an assertion made for one purpose cannot be tried elsewhere first and then used).
   */
  async consume(challenge: string, binding: string): Promise<boolean> {
    if (!challenge) return false;
    const key = this.key(challenge);
    if (!(await this.kv.claim(`${key}:used`, '1', key))) return false;
    return (await this.kv.get(key)) === binding;
  }

  private key(challenge: string): string {
    return `oauth:passkey:challenge:${sha256Hex(challenge)}`;
  }
}
