import type { KeyValueStore } from '@idgate/platform/kv';
import { newSecret, sha256Hex } from '../crypto/secrets.ts';
import type { Mailer } from '../mail/mailer.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { normaliseEmail, type User, type UsersRepository } from './users.repository.ts';
import { LoginGuard } from './login-guard.ts';

/** The verification mail could not be handed to the mail relay; the sign-up was undone. */
export class MailUnavailable extends Error {
  constructor(cause: unknown) {
    super('the verification email could not be sent', { cause });
  }
}

/** A sign-in's answer: the account, wrong credentials, or too many failures (retry later). */
export type LoginOutcome = { ok: true; user: User } | { ok: false; reason: 'credentials' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

const VERIFY_TTL_MS = 24 * 3600_000;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

/** Sign-up, password login and email verification of service accounts (docs/oauth.md). */
export class AccountService {
  private readonly users: UsersRepository;
  private readonly kv: KeyValueStore;
  private readonly mailer: Mailer;
  private readonly authUrl: string;
  private readonly guard: LoginGuard;

  constructor(d: { users: UsersRepository; kv: KeyValueStore; mailer: Mailer; authUrl: string; loginGuard?: LoginGuard }) {
    this.users = d.users;
    this.kv = d.kv;
    this.guard = d.loginGuard ?? new LoginGuard(d.kv);
    this.mailer = d.mailer;
    this.authUrl = d.authUrl;
  }

  /**
   * Creates the account and mails a verification link; null when refused (bad input, email
   * taken). Throws MailUnavailable, with the account removed again, when the mail cannot be sent.
   */
  async signUp(input: { email: string; password: string; displayName: string }): Promise<User | null> {
    const email = normaliseEmail(input.email);
    const displayName = input.displayName.trim().slice(0, 80);
    if (!EMAIL.test(email) || input.password.length < 10 || input.password.length > 256 || !displayName) return null;
    const user = await this.users.create({ email, passwordHash: await hashPassword(input.password), displayName });
    if (!user) return null;
    try {
      await this.sendVerification(user);
    } catch (err) {
      // Nothing half-done: an account whose confirmation never went out is removed, so the
      // same address can sign up again once the relay is back.
      await this.users.deleteWithArtefacts(user.id);
      throw new MailUnavailable(err);
    }
    return user;
  }

  /**
   * Checks credentials from `ip`. Unknown emails cost a hash too (no timing oracle); past the
   * failure limits (login-guard.ts) the password is not checked at all.
   */
  async logIn(email: string, password: string, ip: string): Promise<LoginOutcome> {
    const subject = normaliseEmail(email);
    const retryAfterSeconds = await this.guard.retryAfter(subject, ip);
    if (retryAfterSeconds > 0) return { ok: false, reason: 'throttled', retryAfterSeconds };
    const user = await this.users.byEmail(subject);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), password).then(() => false);
    if (user && valid) return { ok: true, user };
    await this.guard.recordFailure(subject, ip);
    return { ok: false, reason: 'credentials' };
  }

  async verifyEmail(token: string): Promise<boolean> {
    const key = `oauth:verify-email:${sha256Hex(token)}`;
    const userId = await this.kv.get(key);
    if (!userId) return false;
    await this.kv.del(key);
    await this.users.markEmailVerified(userId);
    return true;
  }

  private async sendVerification(user: User): Promise<void> {
    const token = newSecret('xev_');
    await this.kv.set(`oauth:verify-email:${sha256Hex(token)}`, user.id, { pxMs: VERIFY_TTL_MS });
    const link = `${this.authUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: user.email, subject: 'Confirm your email address', text: `Open this link to confirm your email address:\n${link}\n` });
  }
}
