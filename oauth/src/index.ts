import type { SqlHandle } from './db/sql.ts';
import { UsersRepository } from './accounts/users.repository.ts';

export { mountOAuth, type OAuthDeps, type OAuthHandle } from './mount.ts';
export { openSqlPool, type SqlHandle } from './db/sql.ts';
export { devMailbox, DevMailbox, type Mailer, type SentMail } from './mail/mailer.ts';
export { SCOPES, DEFAULT_LIFETIMES, type OAuthSettings, type Lifetimes } from './settings.ts';
export { SCOPE_CLAIMS, CLAIMS_SUPPORTED } from './provider/claims.ts';
export { THRESHOLDS } from './accounts/age-bracket.ts';

/**
 * The seam issue #4 will call when a verified session attaches an age bracket to a service
 * ID: the highest threshold met (12, 15, 18, 21, 25 or null) and when it next changes. Never
 * a birth date (spec §1). Returns false when the account does not exist.
 */
export function setAgeBracket(sql: SqlHandle, userId: string, bracket: number | null, nextChangeAt: Date | null): Promise<boolean> {
  if (bracket !== null && ![12, 15, 18, 21, 25].includes(bracket)) throw new RangeError('bracket must be 12, 15, 18, 21, 25 or null');
  return new UsersRepository(sql).setAgeBracket(userId, bracket, nextChangeAt);
}

/** The service ID of an email address (for the verification flow and tests). */
export async function findUserIdByEmail(sql: SqlHandle, email: string): Promise<string | undefined> {
  return (await new UsersRepository(sql).byEmail(email))?.id;
}
