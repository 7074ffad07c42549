import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@idgate/oauth';

/** One credential the authenticator holds (resident: it knows its RP and user handle). */
export interface SoftCredential {
  /** base64url of the credential id. */
  readonly id: string;
  readonly rpId: string;
  /** base64url of the user handle (`user.id` of the creation options). */
  readonly userHandle: string;
  readonly privateKey: KeyObject;
  /** Signature counter; the next assertion signs `counter + 1`. Set it to test a cloned authenticator. */
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/**
 * A software WebAuthn authenticator for integration tests and benchmarks: P-256 (ES256) keys from
 * node:crypto, 'none' attestation, authenticator data with the RP ID hash, flags UP|UV (|AT at
 * registration), a per-credential signature counter and attested credential data carrying the
 * COSE key; the client data is what a browser at `origin` would send. Every credential is
 * resident (discoverable) and bound to the RP ID given here, as a platform authenticator's are.
 */
export class SoftAuthenticator {
  readonly origin: string;
  readonly rpId: string;
  readonly credentials: SoftCredential[] = [];

  constructor(opts: { origin: string; rpId: string }) {
    this.origin = opts.origin;
    this.rpId = opts.rpId;
  }

  /** navigator.credentials.create(): a new resident ES256 credential for the options' user. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? this.rpId;
    if (rpId !== this.rpId) throw new Error(`the options name RP ID ${rpId}, this authenticator is for ${this.rpId}`);
    if (!options.pubKeyCredParams.some((p) => p.alg === -7)) throw new Error('the options do not accept ES256');
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => excluded.has(c.id))) throw new Error('InvalidStateError: a credential of this authenticator is excluded');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(32);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: SoftCredential = { id: credentialId.toString('base64url'), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    const attested = Buffer.concat([Buffer.alloc(16), u16(credentialId.length), credentialId, cose]);
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]), u32(credential.counter), attested]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
        publicKeyAlgorithm: -7,
        publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
        authenticatorData: authData.toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): signs with the newest credential for the RP ID (or the newest one
   * the options' allowCredentials name), counter + 1.
   */
  assert(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    const rpId = options.rpId ?? this.rpId;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = this.credentials.findLast((c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(c.id)));
    if (!credential) throw new Error(`NotAllowedError: no credential for ${rpId}`);
    credential.counter += 1;
    const authData = Buffer.concat([this.rpIdHash(rpId), Buffer.from([FLAG_UP | FLAG_UV]), u32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest()]);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        // ECDSA over SHA-256, DER-encoded as WebAuthn carries it (node:crypto's default for EC keys).
        signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString('base64url');
  }

  private rpIdHash(rpId = this.rpId): Buffer {
    return createHash('sha256').update(rpId).digest();
  }
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

/** The CBOR (RFC 8949) subset WebAuthn needs: integers, byte and text strings, maps, in the order given. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.concat([Buffer.from([(major << 5) | 25]), u16(n)]);
    return Buffer.concat([Buffer.from([(major << 5) | 26]), u32(n)]);
  };
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new TypeError(`cannot encode ${typeof value}`);
}
