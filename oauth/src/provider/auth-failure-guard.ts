import type { KeyValueStore } from '@idgate/platform/kv';
import { failureWindowKey, type FailureWindowKey } from '../throttle/failure-window.ts';

const WINDOW_MS = 60_000;

/**
 * Brute-force guard of client secrets at /oauth/token, /oauth/introspect and /oauth/revoke:
 * failed client authentications are counted per pair of client address and presented client
 * id, in fixed one-minute windows in the key-value store (shared by every gateway with Redis).
 * Past the limit (OAUTH_TOKEN_AUTH_FAILURES_PER_MINUTE, default 10) that pair gets 429 until the
 * window ends. Keyed on the pair, one misbehaving relying party (or anyone who knows a public
 * client id) blocks neither the other clients behind the same address (a load balancer, a
 * NAT) nor that client from its own addresses. Secrets are 192 random bits: the guard limits
 * load and noise, guessing one is out of reach anyway. Successful requests are never counted,
 * and a revocation without client authentication is never refused (it authenticates nothing).
 */
export class AuthFailureGuard {
  private readonly kv: KeyValueStore;
  private readonly limit: number;

  constructor(kv: KeyValueStore, limit: number) {
    this.kv = kv;
    this.limit = limit;
  }

  private key(ip: string, clientId: string | undefined): FailureWindowKey {
    // A space cannot occur in an address, so the pair is unambiguous.
    return failureWindowKey('oauth:authfail:pair', `${ip} ${clientId ?? ''}`, WINDOW_MS);
  }

  async blocked(ip: string, clientId: string | undefined): Promise<boolean> {
    return Number((await this.kv.get(this.key(ip, clientId).key)) ?? 0) >= this.limit;
  }

  async recordFailure(ip: string, clientId: string | undefined): Promise<void> {
    const k = this.key(ip, clientId);
    await this.kv.incrWindow(k.key, k.ttlMs);
  }

  retryAfterSeconds(): number {
    return this.key('', undefined).retryAfterSeconds;
  }
}
