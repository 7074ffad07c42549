import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { appError, unstorableText } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { Db } from '../db/client.ts';
import { teamPasskeys } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newToken } from '../lib/tokens.ts';
import type { Actor, TeamService } from './team.service.ts';
import type { TeamStore } from './team.repository.ts';

export type PasskeyRow = typeof teamPasskeys.$inferSelect;

/** A member's passkey as the team page shows it: never its key or counter. */
export interface MemberPasskey {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

/** The RP ID the passkeys are bound to (the dashboard's host) and the origins allowed to use them. */
export interface DashboardRelyingParty {
  readonly rpId: string;
  readonly rpName: string;
  readonly origins: string[];
}

/** What TeamPasskeys needs from storage. */
export interface PasskeyStore {
  insert(row: PasskeyRow): Promise<boolean>;
  listByMember(memberId: string): Promise<PasskeyRow[]>;
  byCredentialId(credentialId: string): Promise<PasskeyRow | undefined>;
  /** Records a use only while the stored counter is below `counter` (or both are 0); false otherwise. */
  recordUse(id: string, counter: number, at: Date): Promise<boolean>;
  remove(memberId: string, id: string): Promise<PasskeyRow | undefined>;
}

export class PasskeyRepository implements PasskeyStore {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  async insert(row: PasskeyRow): Promise<boolean> {
    const done = await this.db.insert(teamPasskeys).values(row).onConflictDoNothing().returning({ id: teamPasskeys.id });
    return done.length === 1;
  }
  listByMember(memberId: string): Promise<PasskeyRow[]> {
    return this.db.select().from(teamPasskeys).where(eq(teamPasskeys.memberId, memberId)).orderBy(teamPasskeys.createdAt, teamPasskeys.id);
  }
  async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.select().from(teamPasskeys).where(eq(teamPasskeys.credentialId, credentialId));
    return row;
  }
  async recordUse(id: string, counter: number, at: Date): Promise<boolean> {
    // An authenticator without a counter reports 0 every time; one with a counter must move it forward.
    const where =
      counter === 0 ? and(eq(teamPasskeys.id, id), eq(teamPasskeys.signCount, 0)) : and(eq(teamPasskeys.id, id), lt(teamPasskeys.signCount, counter));
    const done = await this.db.update(teamPasskeys).set({ signCount: counter, lastUsedAt: at }).where(where).returning({ id: teamPasskeys.id });
    return done.length === 1;
  }
  async remove(memberId: string, id: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db
      .delete(teamPasskeys)
      .where(and(eq(teamPasskeys.id, id), eq(teamPasskeys.memberId, memberId)))
      .returning();
    return row;
  }
}

/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60_000;
const ALGORITHMS = [-7, -8, -257];
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{22,1364}$/;
const SIGN_IN_BINDING = 'dashboard-sign-in';
const OPTIONS_PER_MINUTE = 30;

/**
 * Passkeys of dashboard members. Core verifies the WebAuthn ceremonies itself (with the same
 * pinned @simplewebauthn/server as oauth): the checks that decide a sign-in — challenge spent once,
 * member still active, counter moving forward — sit next to the session they open, and the gateway
 * only carries the browser's JSON. Each challenge lives 2 minutes, is bound to its purpose (adding
 * for one member, or signing in) and is spent before its answer is judged.
 */
export class TeamPasskeys {
  private readonly passkeys: PasskeyStore;
  private readonly members: TeamStore;
  private readonly team: TeamService;
  private readonly kv: KeyValueStore;
  private readonly clock: Clock;
  private readonly rp: DashboardRelyingParty;

  constructor(d: { passkeys: PasskeyStore; members: TeamStore; team: TeamService; kv: KeyValueStore; clock: Clock; rp: DashboardRelyingParty }) {
    this.passkeys = d.passkeys;
    this.members = d.members;
    this.team = d.team;
    this.kv = d.kv;
    this.clock = d.clock;
    this.rp = d.rp;
  }

  async list(actor: Actor & { kind: 'member' }): Promise<MemberPasskey[]> {
    return (await this.passkeys.listByMember(actor.memberId)).map(view);
  }

  /** Options for navigator.credentials.create(): a resident key whose user handle is the member id. */
  async registrationOptions(actor: Actor & { kind: 'member' }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.listByMember(actor.memberId);
    const options = await generateRegistrationOptions({
      rpName: this.rp.rpName,
      rpID: this.rp.rpId,
      userName: actor.email,
      userDisplayName: actor.email,
      userID: new TextEncoder().encode(actor.memberId),
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.issue(options.challenge, `add:${actor.memberId}`);
    return options;
  }

  /** Verifies the answer to `registrationOptions`, stores the passkey and records passkey.added. */
  async add(actor: Actor & { kind: 'member' }, responseJson: string, name: string): Promise<MemberPasskey> {
    const response = parse<RegistrationResponseJSON>(responseJson);
    const challenge = challengeOf(response);
    if (!(await this.consume(challenge, `add:${actor.memberId}`))) throw appError('PASSKEY_CHALLENGE_INVALID');
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (err) {
      throw appError('PASSKEY_REGISTRATION_INVALID', { cause: err });
    }
    if (!verified.verified) throw appError('PASSKEY_REGISTRATION_INVALID');
    const cred = verified.registrationInfo.credential;
    const count = (await this.passkeys.listByMember(actor.memberId)).length;
    const row: PasskeyRow = {
      id: newToken('tpk_', 12),
      memberId: actor.memberId,
      credentialId: cred.id,
      publicKey: Buffer.from(cred.publicKey).toString('base64url'),
      signCount: cred.counter,
      transports: (cred.transports ?? []).filter((t) => typeof t === 'string' && t.length < 32).slice(0, 8),
      name: cleanName(name) || `Passkey ${count + 1}`,
      createdAt: this.clock.now(),
      lastUsedAt: null,
    };
    if (!(await this.passkeys.insert(row))) throw appError('PASSKEY_ALREADY_REGISTERED');
    await this.team.record(actor, 'passkey.added', { type: 'passkey', id: row.id }, { name: row.name });
    return view(row);
  }

  /** Removes one of the member's own passkeys; another's id reads as unknown. */
  async remove(actor: Actor & { kind: 'member' }, passkeyId: string): Promise<void> {
    const row = await this.passkeys.remove(actor.memberId, String(passkeyId ?? ''));
    if (!row) throw appError('TEAM_MEMBER_NOT_FOUND', { message: 'No such passkey.' });
    await this.team.record(actor, 'passkey.removed', { type: 'passkey', id: row.id }, { name: row.name });
  }

  /** Options for a discoverable sign-in: no credentials named, the challenge bound to sign-in only. */
  async signInOptions(clientIp: string | undefined): Promise<PublicKeyCredentialRequestOptionsJSON> {
    // Each options call stores a challenge: one client address gets at most 30 a minute.
    if ((await this.kv.incrWindow(`team:passkey:options:ip:${clientIp ?? 'unknown'}`, 60_000)) > OPTIONS_PER_MINUTE) throw appError('TEAM_SIGN_IN_THROTTLED');
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      allowCredentials: [],
      userVerification: 'preferred',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    await this.issue(options.challenge, SIGN_IN_BINDING);
    return options;
  }

  /**
   * The member who signed: challenge spent first, then the credential, user handle, signature,
   * origin, RP ID and counter are checked, and the member must still be active (PASSKEY_INVALID).
   */
  async signIn(responseJson: string): Promise<Actor & { kind: 'member' }> {
    const response = parse<AuthenticationResponseJSON>(responseJson);
    const challenge = challengeOf(response);
    if (!(await this.consume(challenge, SIGN_IN_BINDING))) throw appError('PASSKEY_CHALLENGE_INVALID');
    const passkey = await this.passkeys.byCredentialId(response.id);
    if (!passkey) throw appError('PASSKEY_INVALID');
    const handle = response.response?.userHandle;
    if (typeof handle === 'string' && handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.memberId) throw appError('PASSKEY_INVALID');
    const member = await this.members.findMember(passkey.memberId);
    if (!member || member.status !== 'active') throw appError('PASSKEY_INVALID');
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.signCount },
        requireUserVerification: false,
      });
    } catch (err) {
      // A bad signature, origin or RP ID, or a counter that went backwards.
      throw appError('PASSKEY_INVALID', { cause: err });
    }
    if (!verified.verified) throw appError('PASSKEY_INVALID');
    const now = this.clock.now();
    if (!(await this.passkeys.recordUse(passkey.id, verified.authenticationInfo.newCounter, now))) throw appError('PASSKEY_INVALID');
    return this.team.passkeySignedIn(member.id);
  }

  private async issue(challenge: string, binding: string): Promise<void> {
    await this.kv.set(challengeKey(challenge), binding, { pxMs: PASSKEY_CHALLENGE_TTL_MS });
  }

  /** True for the first caller only, while the challenge lives, and only under its own binding. */
  private async consume(challenge: string, binding: string): Promise<boolean> {
    const key = challengeKey(challenge);
    if (!(await this.kv.claim(`${key}:used`, '1', key))) return false;
    return (await this.kv.get(key)) === binding;
  }
}

const challengeKey = (c: string) => `team:passkey:challenge:${createHash('sha256').update(c).digest('hex')}`;

const view = (p: PasskeyRow): MemberPasskey => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

function invalid(): Error {
  return appError('REQUEST_INVALID', { details: { fields: [{ loc: ['body', 'response'], msg: 'not a WebAuthn credential response', type: 'value' }] } });
}

function parse<T>(json: string): T {
  if (typeof json !== 'string' || json.length > 64 * 1024) throw invalid();
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object') throw invalid();
    return value as T;
  } catch {
    throw invalid();
  }
}

function challengeOf(response: RegistrationResponseJSON | AuthenticationResponseJSON): string {
  const encoded = (response as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(String(encoded), 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    challenge = undefined;
  }
  if (typeof encoded !== 'string' || typeof challenge !== 'string' || !challenge || typeof response.id !== 'string' || !CREDENTIAL_ID.test(response.id))
    throw invalid();
  return challenge;
}

/** A passkey's name as given: trimmed, at most 60 characters, nothing the database cannot store. */
function cleanName(name: string | undefined): string {
  const trimmed = String(name ?? '')
    .trim()
    .slice(0, 60);
  return unstorableText({ name: trimmed }, []).length ? '' : trimmed;
}
