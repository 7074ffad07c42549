// The MobileSecurityObject: the issuer-signed digests of every element, the device key and the validity period.
import { createHash } from 'node:crypto';
import { Tag, decode } from 'cbor2';
import { appError } from '@idgate/protos';

const DIGESTS = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' } as const;

export interface Mso {
  readonly docType: string;
  readonly digestAlgorithm: keyof typeof DIGESTS;
  /** namespace → digestID → digest. */
  readonly valueDigests: Map<unknown, unknown>;
  /** The COSE_Key of the device (holder binding). */
  readonly deviceKey: Map<unknown, unknown>;
  readonly signed: Date;
  readonly validFrom: Date;
  readonly validUntil: Date;
}

const invalid = (reason: string) => appError('WALLET_ISSUER_SIGNATURE_INVALID', { details: { reasons: [reason] } });

/** tdate (tag 0) as cbor2 gives it: a Date, or the tag with its RFC 3339 string. */
function tdate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (value instanceof Tag && value.tag === 0 && typeof value.contents === 'string') return new Date(value.contents);
  return undefined;
}

function decodeOrUndefined(bytes: Uint8Array): unknown {
  try {
    return decode(bytes, { preferMap: true });
  } catch {
    return undefined;
  }
}

/** Decodes the MSO from the signed payload `#6.24(bstr .cbor MobileSecurityObject)`. */
export function readMso(payload: Uint8Array): Mso {
  const outer = decodeOrUndefined(payload);
  if (!(outer instanceof Tag) || outer.tag !== 24 || !(outer.contents instanceof Uint8Array)) throw invalid('MSO payload is not an encoded CBOR item');
  const mso = decodeOrUndefined(outer.contents);
  if (!(mso instanceof Map)) throw invalid('MSO is not a map');
  const docType = mso.get('docType');
  const digestAlgorithm = mso.get('digestAlgorithm');
  const valueDigests = mso.get('valueDigests');
  const deviceKeyInfo = mso.get('deviceKeyInfo');
  const validity = mso.get('validityInfo');
  if (typeof docType !== 'string' || !(valueDigests instanceof Map) || !(deviceKeyInfo instanceof Map) || !(validity instanceof Map))
    throw invalid('MSO misses a member');
  if (typeof digestAlgorithm !== 'string' || !(digestAlgorithm in DIGESTS)) throw invalid('MSO digest algorithm refused');
  const deviceKey = deviceKeyInfo.get('deviceKey');
  const signed = tdate(validity.get('signed'));
  const validFrom = tdate(validity.get('validFrom'));
  const validUntil = tdate(validity.get('validUntil'));
  if (!(deviceKey instanceof Map) || !signed || !validFrom || !validUntil) throw invalid('MSO misses the device key or validity');
  return { docType, digestAlgorithm: digestAlgorithm as Mso['digestAlgorithm'], valueDigests, deviceKey, signed, validFrom, validUntil };
}

/** Digest of an IssuerSignedItemBytes under the MSO's algorithm. */
export function itemDigest(mso: Mso, itemBytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash(DIGESTS[mso.digestAlgorithm]).update(itemBytes).digest());
}

/**
 * validFrom ≤ now ≤ validUntil within the skew, and signed not in the future.
 * @throws AppError WALLET_MSO_NOT_VALID
 */
export function checkValidity(mso: Mso, now: Date, clockSkewMs: number): void {
  const t = now.getTime();
  if (mso.validFrom.getTime() - clockSkewMs > t || mso.validUntil.getTime() + clockSkewMs < t || mso.signed.getTime() - clockSkewMs > t) {
    throw appError('WALLET_MSO_NOT_VALID');
  }
}
