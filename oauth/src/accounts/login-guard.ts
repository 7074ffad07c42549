import type { KeyValueStore } from '@idgate/platform/kv';
import { failureWindowKey } from '../throttle/failure-window.ts';

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
    const account = failureWindowKey('oauth:loginfail:acct', email, this.limits.windowMs, now);
    const address = failureWindowKey('oauth:loginfail:ip', ip, this.limits.windowMs, now);
    return { account: account.key, address: address.key, ttlMs: account.ttlMs, retryAfterSeconds: account.retryAfterSeconds };
  }

  /** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const k = this.keys(email, ip);
    const [account, address] = await this.kv.mget([k.account, k.address]);
    const over = Number(account ?? 0) >= this.limits.perAccount || Number(address ?? 0) >= this.limits.perAddress;
    return over ? k.retryAfterSeconds : 0;
  }

  /**
   * Seconds until a sign-in without an email address (a passkey) may be tried from `ip`: only
   * the per-address count applies, the one failed passwords and failed passkeys share.
   */
  async addressRetryAfter(ip: string): Promise<number> {
    const k = failureWindowKey('oauth:loginfail:ip', ip, this.limits.windowMs);
    return Number((await this.kv.get(k.key)) ?? 0) >= this.limits.perAddress ? k.retryAfterSeconds : 0;
  }

  async recordAddressFailure(ip: string): Promise<void> {
    const k = failureWindowKey('oauth:loginfail:ip', ip, this.limits.windowMs);
    await this.kv.incrWindow(k.key, k.ttlMs);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([this.kv.incrWindow(k.account, k.ttlMs), this.kv.incrWindow(k.address, k.ttlMs)]);
  }
}
