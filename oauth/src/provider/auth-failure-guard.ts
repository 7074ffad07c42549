import { errors } from 'oidc-provider';
import type { KeyValueStore } from '@idgate/protos';
import { failureWindowKey, type FailureWindowKey } from '../throttle/failure-window.ts';

const WINDOW_MS = 60_000;

/** 429 in the RFC 6749 error shape; `temporarily_unavailable` is the closest registered code. */
export class TooManyFailures extends errors.OIDCProviderError {
  override error_description = 'too many failed client authentications; retry later';
  constructor() {
    super(429, 'temporarily_unavailable');
  }
}

/**
 * Brute-force guard of client secrets at /oauth/token, /oauth/introspect and /oauth/revoke:
 * failed client authentications are counted per client id and per client address in fixed
 * one-minute windows in the key-value store (shared by every gateway with Redis). Past the
 * limit (OAUTH_TOKEN_AUTH_FAILURES_PER_MINUTE, default 10) requests get 429 until the window
 * ends. Successful requests are never counted, so busy clients are not slowed down.
 */
export class AuthFailureGuard {
  private readonly kv: KeyValueStore;
  private readonly limit: number;

  constructor(kv: KeyValueStore, limit: number) {
    this.kv = kv;
    this.limit = limit;
  }

  private key(kind: 'client' | 'ip', subject: string): FailureWindowKey {
    return failureWindowKey(`oauth:authfail:${kind}`, subject, WINDOW_MS);
  }

  async blocked(kind: 'client' | 'ip', subject: string): Promise<boolean> {
    return Number((await this.kv.get(this.key(kind, subject).key)) ?? 0) >= this.limit;
  }

  clientBlocked = (clientId: string): Promise<boolean> => this.blocked('client', clientId);

  blockedError = (): Error => new TooManyFailures();

  async recordFailure(clientId: string | undefined, ip: string): Promise<void> {
    const ipKey = this.key('ip', ip);
    await this.kv.incrWindow(ipKey.key, ipKey.ttlMs);
    if (clientId) {
      const c = this.key('client', clientId);
      await this.kv.incrWindow(c.key, c.ttlMs);
    }
  }

  retryAfterSeconds(): number {
    return this.key('ip', '').retryAfterSeconds;
  }
}
