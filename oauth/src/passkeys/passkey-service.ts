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
import { appError, unstorableText } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { SqlHandle } from '../db/sql.ts';
import { ChallengeStore, CHALLENGE_TTL_MS } from './challenge-store.ts';
import { PasskeysRepository, type StoredPasskey } from './passkeys.repository.ts';

/** Who the passkeys are for: the RP ID they are bound to, its name, and the origins allowed to use them. */
export interface RelyingPartySettings {
  rpId: string;
  rpName: string;
  origins: string[];
}

/** A passkey as the portal and the JSON endpoints show it: never its key or counter. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** 'multiDevice': a synced passkey (backed up to a password manager or cloud keychain). */
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

const NAME_MAX = 60;
/** A credential id in base64url: 16 to 1023 bytes (WebAuthn §5.8.3, §6.5.1). */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{22,1364}$/;
/** ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello). */
const ALGORITHMS = [-7, -8, -257];

const summary = (p: StoredPasskey): PasskeySummary => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  deviceType: p.deviceType,
  backedUp: p.backedUp,
});

/**
 * Passkeys (WebAuthn) of service IDs: registration for a signed-in user, and discoverable
 * sign-in that answers which service ID holds the passkey. Every ceremony's challenge is bound
 * to a binding and spent before its answer is judged (challenge-store.ts), so an assertion
 * succeeds at most once and only for the purpose (binding) it was requested for.
 */
export class PasskeyService {
  private readonly rp: RelyingPartySettings;
  private readonly repo: PasskeysRepository;
  private readonly challenges: ChallengeStore;

  constructor(d: { sql: SqlHandle; kv: KeyValueStore; rp: RelyingPartySettings; challengeTtlMs?: number }) {
    this.rp = d.rp;
    this.repo = new PasskeysRepository(d.sql);
    this.challenges = new ChallengeStore(d.kv, d.challengeTtlMs);
  }

  get relyingParty(): RelyingPartySettings {
    return this.rp;
  }

  /** Options for navigator.credentials.create(): a resident key for this user, none of theirs twice. */
  async registrationOptions(user: { id: string; email: string; displayName: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.repo.listByUser(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.rp.rpName,
      rpID: this.rp.rpId,
      userName: user.email,
      userDisplayName: user.displayName,
      // The user handle is the service ID: a discoverable sign-in names its account with it.
      userID: new TextEncoder().encode(user.id),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.challenges.issue(options.challenge, registrationBinding(user.id));
    return options;
  }

  /**
   * Verifies the authenticator's answer to `registrationOptions` and stores the passkey. Throws
   * PASSKEY_CHALLENGE_INVALID (challenge unknown, expired, used, or issued to another user),
   * PASSKEY_REGISTRATION_INVALID, PASSKEY_ALREADY_REGISTERED or REQUEST_INVALID.
   */
  async register(userId: string, response: RegistrationResponseJSON, name?: string): Promise<PasskeySummary> {
    const challenge = challengeOf(response);
    if (!(await this.challenges.consume(challenge, registrationBinding(userId)))) throw appError('PASSKEY_CHALLENGE_INVALID');
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
    const info = verified.registrationInfo;
    const count = (await this.repo.listByUser(userId)).length;
    const stored = await this.repo.create({
      userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      signCount: info.credential.counter,
      transports: (info.credential.transports ?? []).filter((t) => typeof t === 'string' && t.length < 32).slice(0, 8),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: cleanName(name) || `Passkey ${count + 1}`,
    });
    if (!stored) throw appError('PASSKEY_ALREADY_REGISTERED');
    return summary(stored);
  }

  /** Options for navigator.credentials.get() of a discoverable sign-in, bound to `binding`. */
  async authenticationOptions(binding: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rp.rpId, allowCredentials: [], userVerification: 'preferred', timeout: CHALLENGE_TTL_MS });
    await this.challenges.issue(options.challenge, binding);
    return options;
  }

  /**
   * Which service ID signed: the challenge is spent first (PASSKEY_CHALLENGE_INVALID when it is
   * unknown, expired, used or bound to another binding), then the credential, signature, origin,
   * RP ID and counter are checked (PASSKEY_INVALID). Records the new counter and the time of use.
   */
  async authenticate(response: AuthenticationResponseJSON, binding: string): Promise<{ userId: string; passkeyId: string }> {
    const challenge = challengeOf(response);
    if (!(await this.challenges.consume(challenge, binding))) throw appError('PASSKEY_CHALLENGE_INVALID');
    const passkey = await this.repo.byCredentialId(response.id);
    if (!passkey) throw appError('PASSKEY_INVALID');
    const userHandle = response.response.userHandle;
    if (typeof userHandle === 'string' && userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId)
      throw appError('PASSKEY_INVALID');
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.signCount,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      });
    } catch (err) {
      // simplewebauthn throws for a bad signature, origin, RP ID or a counter that went backwards.
      throw appError('PASSKEY_INVALID', { cause: err });
    }
    if (!verified.verified) throw appError('PASSKEY_INVALID');
    // Conditional on the counter still moving forward: a clone racing this use loses.
    if (!(await this.repo.recordUse(passkey.id, verified.authenticationInfo.newCounter, new Date()))) throw appError('PASSKEY_INVALID');
    return { userId: passkey.userId, passkeyId: passkey.id };
  }

  async list(userId: string): Promise<PasskeySummary[]> {
    return (await this.repo.listByUser(userId)).map(summary);
  }

  /** Deletes one of the user's passkeys; false when it is not theirs or does not exist. */
  async remove(userId: string, passkeyId: string): Promise<boolean> {
    return this.repo.remove(userId, passkeyId);
  }
}

function registrationBinding(userId: string): string {
  return `register:${userId}`;
}

/**
 * The challenge the client data names (base64url JSON). The JSON endpoints check the shape of a
 * response first; this guards the service's other callers: anything unreadable is REQUEST_INVALID.
 */
function challengeOf(response: RegistrationResponseJSON | AuthenticationResponseJSON): string {
  const encoded = (response as { response?: { clientDataJSON?: unknown } } | undefined)?.response?.clientDataJSON;
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(String(encoded), 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    challenge = undefined;
  }
  if (typeof encoded !== 'string' || typeof challenge !== 'string' || !challenge || typeof response.id !== 'string' || !CREDENTIAL_ID.test(response.id))
    throw appError('REQUEST_INVALID', { details: { fields: [{ loc: ['body', 'response'], msg: 'not a WebAuthn credential response', type: 'value' }] } });
  return challenge;
}

/** A passkey's name as given: trimmed, at most 60 characters, nothing the database cannot store. */
function cleanName(name: string | undefined): string {
  const trimmed = (name ?? '').trim().slice(0, NAME_MAX);
  return unstorableText({ name: trimmed }, []).length ? '' : trimmed;
}
