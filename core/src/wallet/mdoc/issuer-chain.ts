// The document signer of an mdoc is trusted only through an anchor of the trusted lists: an IACA that issued it
// (ISO/IEC 18013-5 Annex B: IACA → document signer, no intermediates) or the signer itself where a list names it.
// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { createPublicKey, webcrypto } from 'node:crypto';
import { BasicConstraintsExtension, ExtendedKeyUsageExtension, KeyUsageFlags, KeyUsagesExtension, X509Certificate } from '@peculiar/x509';
import { appError } from '@idgate/protos';
import { AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE, type IssuerScope, type IssuerTrustAnchor, type IssuerTrustSnapshot } from '../contracts.ts';

/** Extended key usage of an mdoc document signer certificate (ISO/IEC 18013-5 Annex B.1.4). */
export const MDOC_DS_EKU = '1.0.18013.5.1.2';

export interface TrustedSigner {
  /** The document signer's public key, for the IssuerAuth signature. */
  readonly publicKeyJwk: webcrypto.JsonWebKey;
  readonly anchor: IssuerTrustAnchor;
  /** The C attribute of the IACA (the anchor), or of the signer's issuer name when the anchor is the signer. */
  readonly issuerCountry: string | undefined;
}

/** Whether an anchor of this scope may vouch for a document of this doctype. */
export function scopeFits(scope: IssuerScope, doctype: string): boolean {
  if (scope === 'any') return true;
  if (scope === 'pid') return doctype === PID_DOCTYPE;
  return doctype === AGE_VERIFICATION_DOCTYPE;
}

const validAt = (cert: X509Certificate, now: Date): boolean => cert.notBefore.getTime() <= now.getTime() && now.getTime() <= cert.notAfter.getTime();

const hasKeyUsage = (cert: X509Certificate, flag: KeyUsageFlags): boolean => {
  const ku = cert.getExtension(KeyUsagesExtension);
  return ku !== null && (ku.usages & flag) !== 0;
};

const country = (names: X509Certificate['subjectName']): string | undefined => names.getField('C')[0];

function parse(der: Uint8Array): X509Certificate | undefined {
  try {
    return new X509Certificate(new Uint8Array(der));
  } catch {
    return undefined;
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

async function issuedBy(leaf: X509Certificate, iaca: X509Certificate, now: Date): Promise<boolean> {
  if (leaf.issuer !== iaca.subject) return false;
  if (!validAt(iaca, now)) return false;
  if (iaca.getExtension(BasicConstraintsExtension)?.ca !== true) return false;
  if (!hasKeyUsage(iaca, KeyUsageFlags.keyCertSign)) return false;
  try {
    return await leaf.verify({ publicKey: iaca, signatureOnly: true });
  } catch {
    return false;
  }
}

/**
 * Finds the anchor the document signer chains to at `now`. A granted anchor wins over a withdrawn one that also
 * matches (a re-listed IACA), and anchors whose scope does not cover the doctype are not candidates at all.
 * @throws AppError WALLET_ISSUER_SIGNATURE_INVALID (no usable certificate), WALLET_ISSUER_UNTRUSTED, WALLET_ISSUER_WITHDRAWN
 */
export async function trustedSigner(x5chain: readonly Uint8Array[], snapshot: IssuerTrustSnapshot, doctype: string, now: Date): Promise<TrustedSigner> {
  const leafDer = x5chain[0];
  const leaf = leafDer ? parse(leafDer) : undefined;
  if (!leafDer || !leaf) throw appError('WALLET_ISSUER_SIGNATURE_INVALID', { details: { reasons: ['IssuerAuth carries no readable x5chain'] } });
  if (!validAt(leaf, now)) throw appError('WALLET_ISSUER_UNTRUSTED', { details: { reasons: ['document signer certificate not valid now'] } });
  if (!hasKeyUsage(leaf, KeyUsageFlags.digitalSignature) || !(leaf.getExtension(ExtendedKeyUsageExtension)?.usages ?? []).includes(MDOC_DS_EKU)) {
    throw appError('WALLET_ISSUER_UNTRUSTED', { details: { reasons: ['document signer certificate lacks digitalSignature or the mdoc DS usage'] } });
  }
  let withdrawn: IssuerTrustAnchor | undefined;
  for (const anchor of snapshot.anchors) {
    if (!scopeFits(anchor.scope, doctype)) continue;
    const anchorCert = parse(anchor.certificateDer);
    if (!anchorCert) continue;
    const direct = sameBytes(anchor.certificateDer, leafDer);
    if (!direct && !(await issuedBy(leaf, anchorCert, now))) continue;
    if (anchor.status === 'withdrawn') {
      withdrawn ??= anchor;
      continue;
    }
    const jwk = createPublicKey({ key: Buffer.from(leaf.publicKey.rawData), format: 'der', type: 'spki' }).export({ format: 'jwk' });
    return { publicKeyJwk: jwk, anchor, issuerCountry: direct ? country(leaf.issuerName) : country(anchorCert.subjectName) };
  }
  if (withdrawn) throw appError('WALLET_ISSUER_WITHDRAWN', { details: { reasons: [`anchor ${withdrawn.source} is withdrawn`] } });
  throw appError('WALLET_ISSUER_UNTRUSTED');
}
