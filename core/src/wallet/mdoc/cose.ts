// COSE_Sign1 (RFC 9052) as mdoc uses it: parsed from the decoded CBOR array while keeping the protected header
// and payload as the exact received byte strings, because the signature covers those bytes, not a re-encoding.
import { webcrypto } from 'node:crypto';
import { decode, encode } from 'cbor2';

/** COSE algorithm identifiers accepted for issuer and device signatures: ECDSA only, as mdoc profiles require. */
export const COSE_ECDSA = {
  [-7]: { name: 'ES256', hash: 'SHA-256' },
  [-35]: { name: 'ES384', hash: 'SHA-384' },
  [-36]: { name: 'ES512', hash: 'SHA-512' },
} as const;
export type CoseEcdsaAlg = keyof typeof COSE_ECDSA;

/** COSE header label of the X.509 chain (RFC 9360). */
export const X5CHAIN = 33;

export interface CoseSign1 {
  readonly protectedBytes: Uint8Array;
  readonly protectedHeader: Map<unknown, unknown>;
  readonly unprotectedHeader: Map<unknown, unknown>;
  /** null when the payload is detached (the device signature). */
  readonly payload: Uint8Array | null;
  readonly signature: Uint8Array;
}

/** Reads a decoded COSE_Sign1 array; returns undefined when the shape is wrong. */
export function readCoseSign1(value: unknown): CoseSign1 | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [prot, unprot, payload, signature] = value as unknown[];
  if (!(prot instanceof Uint8Array) || !(unprot instanceof Map) || !(signature instanceof Uint8Array)) return undefined;
  if (payload !== null && !(payload instanceof Uint8Array)) return undefined;
  let protectedHeader: unknown = new Map();
  if (prot.length > 0) {
    try {
      protectedHeader = decode(prot, { preferMap: true });
    } catch {
      return undefined;
    }
  }
  if (!(protectedHeader instanceof Map)) return undefined;
  return { protectedBytes: prot, protectedHeader, unprotectedHeader: unprot, payload, signature };
}

/** The protected `alg` when it is one of the accepted ECDSA algorithms. */
export function ecdsaAlg(sign1: CoseSign1): CoseEcdsaAlg | undefined {
  const alg = sign1.protectedHeader.get(1);
  return alg === -7 || alg === -35 || alg === -36 ? alg : undefined;
}

/** Sig_structure `["Signature1", protected, h'', payload]` with the payload given (detached or not). */
export function sigStructure(sign1: CoseSign1, payload: Uint8Array): Uint8Array {
  return new Uint8Array(encode(['Signature1', sign1.protectedBytes, new Uint8Array(0), payload]));
}

/** Verifies an ECDSA COSE signature (r||s, the WebCrypto form) over the Sig_structure. */
export async function verifyEcdsa(key: webcrypto.CryptoKey, alg: CoseEcdsaAlg, sign1: CoseSign1, payload: Uint8Array): Promise<boolean> {
  try {
    return await webcrypto.subtle.verify({ name: 'ECDSA', hash: COSE_ECDSA[alg].hash }, key, sign1.signature, sigStructure(sign1, payload));
  } catch {
    return false;
  }
}
