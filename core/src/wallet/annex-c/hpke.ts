// The one HPKE suite of ISO/IEC 18013-7 Annex C: base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
// AES-128-GCM, info = the CBOR SessionTranscript, no additional data. The verifier opens with it and the test
// wallet seals with it, so both sides share one configuration and an RFC 9180 vector checks it (annex-c.spec.ts).
import { webcrypto } from 'node:crypto';
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import type { JWK } from 'jose';

export const ANNEX_C_SUITE = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });

/** Length of an uncompressed P-256 point, the only `enc` DHKEM(P-256) produces. */
export const P256_ENC_LENGTH = 65;

/** A fresh P-256 key pair for one transaction; the private JWK (with x and y) lives in the transaction. */
export async function generateHpkeKey(): Promise<JWK> {
  const { privateKey } = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const { kty, crv, x, y, d } = await webcrypto.subtle.exportKey('jwk', privateKey);
  return { kty, crv, x, y, d };
}

/** The COSE_Key (RFC 9052 §7, EC2) of the public half, as EncryptionInfo's recipientPublicKey carries it. */
export function coseKeyOf(jwk: JWK): Map<number, unknown> {
  return new Map<number, unknown>([
    [1, 2], // kty: EC2
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
}

/** The uncompressed point 0x04‖x‖y of a P-256 COSE_Key, or undefined if it is not one. */
export function rawPublicKeyOfCoseKey(key: unknown): Uint8Array | undefined {
  if (!(key instanceof Map) || key.get(1) !== 2 || key.get(-1) !== 1) return undefined;
  const x = key.get(-2);
  const y = key.get(-3);
  if (!(x instanceof Uint8Array) || !(y instanceof Uint8Array) || x.length !== 32 || y.length !== 32) return undefined;
  return new Uint8Array(Buffer.concat([Buffer.from([0x04]), x, y]));
}

/**
 * Single-shot HPKE open; throws (OpenError, DeserializeError, …) when anything does not match. Annex C uses no
 * additional data; `aad` exists so the RFC 9180 vectors (which have some) can check this very function.
 */
export async function hpkeOpen(
  privateJwk: JWK,
  enc: Uint8Array,
  info: Uint8Array,
  cipherText: Uint8Array,
  aad: Uint8Array = new Uint8Array(0),
): Promise<Uint8Array> {
  const recipientKey = await ANNEX_C_SUITE.kem.importKey('jwk', { ...privateJwk } as webcrypto.JsonWebKey, false);
  return new Uint8Array(await ANNEX_C_SUITE.open({ recipientKey, enc, info }, cipherText, aad));
}

/** Single-shot HPKE seal to a raw (uncompressed) P-256 public key. */
export async function hpkeSeal(recipientRaw: Uint8Array, info: Uint8Array, plaintext: Uint8Array): Promise<{ enc: Uint8Array; cipherText: Uint8Array }> {
  const recipientPublicKey = await ANNEX_C_SUITE.kem.deserializePublicKey(recipientRaw);
  const sealed = await ANNEX_C_SUITE.seal({ recipientPublicKey, info }, plaintext);
  return { enc: new Uint8Array(sealed.enc), cipherText: new Uint8Array(sealed.ct) };
}
