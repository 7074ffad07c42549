import { createHash } from 'node:crypto';
import type { KeyValueStore } from '@idgate/protos';

/** Failed sign-ins allowed per account and per client address in one window. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 } as const;

/**
 * Password-guessing guard of the sign-in forms (consent screen and portal): failed sign-ins are
 * counted per email address (whether or not an account has it, so the answer tells nothing
 * about which exist) and per client address, in fixed 15-minute windows in the key-value store
 * (shared by every gateway with Redis). Past either limit a sign-in is refused before the
 * password is checked: argon2id is memory-hard on purpose, so unthrottled guessing would also
 * be a cheap way to load the server. Keys hold digests, never the email or the address.
 */
export class LoginGuard {
  private readonly kv: KeyValueStore;
  private readonly limits: { perAccount: number; perAddress: number; windowMs: number };

  constructor(kv: KeyValueStore, limits: { perAccount: number; perAddress: number; windowMs: number } = LOGIN_LIMITS) {
    this.kv = kv;
    this.limits = limits;
  }

  private keys(email: string, ip: string, now = Date.now()) {
    const windowEnd = (Math.floor(now / this.limits.windowMs) + 1) * this.limits.windowMs;
    const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);
    return {
      account: `oauth:loginfail:acct:${digest(email)}:${windowEnd}`,
      address: `oauth:loginfail:ip:${digest(ip)}:${windowEnd}`,
      ttlMs: windowEnd - now + 1000,
      retryAfterSeconds: Math.ceil((windowEnd - now) / 1000),
    };
  }

  /** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const k = this.keys(email, ip);
    const [account, address] = await this.kv.mget([k.account, k.address]);
    const over = Number(account ?? 0) >= this.limits.perAccount || Number(address ?? 0) >= this.limits.perAddress;
    return over ? k.retryAfterSeconds : 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([this.kv.incrWindow(k.account, k.ttlMs), this.kv.incrWindow(k.address, k.ttlMs)]);
  }
}
