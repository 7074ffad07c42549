import type { SqlHandle } from './db/sql.ts';
import type { KeyValueStore } from '@idgate/platform/kv';
import { UsersRepository } from './accounts/users.repository.ts';
import { ClaimsSnapshots } from './accounts/claims-snapshots.ts';
import { THRESHOLDS } from './accounts/age-bracket.ts';
import type { AgeProof } from './accounts/age-proofs.ts';

export { mountOAuth, type OAuthDeps, type OAuthHandle } from './mount.ts';
export { openSqlPool, type SqlHandle } from './db/sql.ts';
export { devMailbox, DevMailbox, type Mailer, type SentMail } from './mail/mailer.ts';
export { MailboxDirectory, type StoredMail } from './mail/mailbox-dir.ts';
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
export { claimsProof, type AgeProof } from './accounts/age-proofs.ts';
export type { AgeOffer, AgeOfferSource } from './accounts/age-offers.ts';
export { TOMBSTONE_MS as CLAIMS_SNAPSHOT_TOMBSTONE_MS } from './accounts/claims-snapshots.ts';

/**
 * Saves what a verification proved to a service ID: its bracket, method and date, never a birth
 * date (spec §1; accounts/age-proofs.ts). Returns false when the account does not exist or holds a
 * stronger proof of that method. Pass the service's key-value store so userinfo sees the change at
 * once; without it, within 30 s (the claims snapshot's time to live, accounts/claims-snapshots.ts).
 */
export function saveAgeProof(sql: SqlHandle, userId: string, proof: AgeProof, kv?: KeyValueStore): Promise<boolean> {
  if (!(THRESHOLDS as readonly number[]).includes(proof.bracket)) throw new RangeError('bracket must be 12, 15, 18, 21 or 25');
  return new UsersRepository(sql, kv ? new ClaimsSnapshots(kv) : undefined).saveAgeProof(userId, proof);
}

/** The service ID of an email address (for the verification flow and tests). */
export async function findUserIdByEmail(sql: SqlHandle, email: string): Promise<string | undefined> {
  return (await new UsersRepository(sql).byEmail(email))?.id;
}
/** The definitions of oauth's tables (migrations are generated from them). */
export * as oauthTables from './db/tables.ts';
