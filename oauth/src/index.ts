import type { SqlHandle } from './db/sql.ts';
import type { KeyValueStore } from '@idgate/protos';
import { UsersRepository } from './accounts/users.repository.ts';
import { ClaimsSnapshots } from './accounts/claims-snapshots.ts';

export { mountOAuth, type OAuthDeps, type OAuthHandle } from './mount.ts';
export { openSqlPool, type SqlHandle } from './db/sql.ts';
export { devMailbox, DevMailbox, type Mailer, type SentMail } from './mail/mailer.ts';
export { SCOPES, DEFAULT_LIFETIMES, type OAuthSettings, type Lifetimes } from './settings.ts';
export { SCOPE_CLAIMS, CLAIMS_SUPPORTED } from './provider/claims.ts';
export { OAUTH_OPENAPI } from './openapi.ts';
export { PasskeyService, type PasskeySummary, type RelyingPartySettings } from './passkeys/passkey-service.ts';
export { CHALLENGE_TTL_MS as PASSKEY_CHALLENGE_TTL_MS } from './passkeys/challenge-store.ts';
export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
export { THRESHOLDS } from './accounts/age-bracket.ts';
export { TOMBSTONE_MS as CLAIMS_SNAPSHOT_TOMBSTONE_MS } from './accounts/claims-snapshots.ts';

/**
 * The seam called when a verified session attaches an age bracket to a service
 * ID: the highest threshold met (12, 15, 18, 21, 25 or null) and when it next changes. Never
 * a birth date (spec §1). Returns false when the account does not exist. Pass the service's
 * key-value store so userinfo sees the change at once; without it, within 30 s (the claims
 * snapshot's time to live, accounts/claims-snapshots.ts).
 */
export function setAgeBracket(sql: SqlHandle, userId: string, bracket: number | null, nextChangeAt: Date | null, kv?: KeyValueStore): Promise<boolean> {
  if (bracket !== null && ![12, 15, 18, 21, 25].includes(bracket)) throw new RangeError('bracket must be 12, 15, 18, 21, 25 or null');
  return new UsersRepository(sql, kv ? new ClaimsSnapshots(kv) : undefined).setAgeBracket(userId, bracket, nextChangeAt);
}

/** The service ID of an email address (for the verification flow and tests). */
export async function findUserIdByEmail(sql: SqlHandle, email: string): Promise<string | undefined> {
  return (await new UsersRepository(sql).byEmail(email))?.id;
}
