// Verifies one mdoc DeviceResponse (ISO/IEC 18013-5 §8.3.2.1.2, 9.1.2–9.1.3) for the age check of path E and keeps
// only the verdict: which doctype, which age_over_NN and the issuer's country. No credential value leaves here,
// and none is ever logged or put into an error.
import { webcrypto } from 'node:crypto';
import { Tag, decode, encode } from 'cbor2';
import { appError } from '@idgate/protos';
import type { DeviceResponseCheck, DeviceResponseVerdict } from '../contracts.ts';
import { X5CHAIN, ecdsaAlg, readCoseSign1, verifyEcdsa } from './cose.ts';
import { verifyDeviceAuth } from './device-auth.ts';
import { trustedSigner } from './issuer-chain.ts';
import { checkValidity, itemDigest, readMso } from './mso.ts';

const malformed = (reason: string) => appError('WALLET_RESPONSE_INVALID', { details: { reasons: [reason] } });
const issuerInvalid = (reason: string) => appError('WALLET_ISSUER_SIGNATURE_INVALID', { details: { reasons: [reason] } });

function x5chainOf(header: Map<unknown, unknown>): Uint8Array[] | undefined {
  const value = header.get(X5CHAIN);
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((c) => c instanceof Uint8Array)) return value as Uint8Array[];
  return undefined;
}

const equalBytes = (a: unknown, b: Uint8Array): boolean => a instanceof Uint8Array && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

function decodeItem(bytes: Uint8Array): unknown {
  try {
    return decode(bytes, { preferMap: true });
  } catch {
    return undefined;
  }
}

/**
 * Checks every disclosed IssuerSignedItem against its MSO digest and returns the value of `age_over_NN` in the
 * doctype's namespace. Items disclosed beyond the request are digest-checked too (an unverifiable item taints the
 * document) but their values are dropped: the verdict never carries them.
 * @throws AppError WALLET_DIGEST_MISMATCH
 */
function checkItems(nameSpaces: unknown, mso: ReturnType<typeof readMso>, doctype: string, ageElement: string): unknown {
  if (!(nameSpaces instanceof Map)) throw appError('WALLET_AGE_NOT_PROVEN', { details: { reasons: ['no issuer-signed namespaces disclosed'] } });
  let ageValue: unknown = undefined;
  for (const [ns, items] of nameSpaces) {
    const digests = mso.valueDigests.get(ns);
    if (!Array.isArray(items) || !(digests instanceof Map)) throw appError('WALLET_DIGEST_MISMATCH', { details: { reasons: ['namespace without digests'] } });
    for (const itemTag of items as unknown[]) {
      if (!(itemTag instanceof Tag) || itemTag.tag !== 24 || !(itemTag.contents instanceof Uint8Array)) throw malformed('IssuerSignedItem is not tagged CBOR');
      // The digest covers IssuerSignedItemBytes, the tag-24 item; re-encoding a decoded tag/bstr pair is byte-exact
      // for minimal-length heads, which 18013-5 requires of the issuer.
      const item = decodeItem(itemTag.contents);
      if (!(item instanceof Map)) throw malformed('IssuerSignedItem is not a map');
      const expected = digests.get(item.get('digestID'));
      if (!equalBytes(expected, itemDigest(mso, new Uint8Array(encode(itemTag))))) {
        throw appError('WALLET_DIGEST_MISMATCH', { details: { reasons: [`digest of an item in ${String(ns)} does not match`] } });
      }
      if (ns === doctype && item.get('elementIdentifier') === ageElement) ageValue = item.get('elementValue');
    }
  }
  return ageValue;
}

/** Checks a DeviceResponse completely; throws AppError WALLET_* on the first failed check (contracts.ts). */
export async function verifyDeviceResponse(check: DeviceResponseCheck): Promise<DeviceResponseVerdict> {
  let response: unknown;
  try {
    response = decode(check.deviceResponse, { preferMap: true });
  } catch {
    throw malformed('DeviceResponse is not valid CBOR');
  }
  if (!(response instanceof Map)) throw malformed('DeviceResponse is not a map');
  const version = response.get('version');
  if (typeof version !== 'string' || !version.startsWith('1.')) throw malformed('DeviceResponse version unsupported');
  const documents = response.get('documents');
  // We ask for one document; a response with errors, none or several is not an answer to our request.
  if (response.get('status') !== 0 || response.has('documentErrors') || !Array.isArray(documents) || documents.length !== 1) {
    throw appError('WALLET_DEVICE_RESPONSE_STATUS', { details: { reasons: [`status ${String(response.get('status'))}`] } });
  }
  const doc: unknown = documents[0];
  if (!(doc instanceof Map)) throw malformed('document is not a map');
  const doctype = doc.get('docType');
  if (typeof doctype !== 'string' || !check.acceptedDoctypes.includes(doctype)) throw appError('WALLET_DOCTYPE_MISMATCH');
  const issuerSigned = doc.get('issuerSigned');
  if (!(issuerSigned instanceof Map)) throw malformed('issuerSigned missing');

  // IssuerAuth: algorithm, then trust in the signer, then its signature over the MSO bytes as received.
  const issuerAuth = readCoseSign1(issuerSigned.get('issuerAuth'));
  if (!issuerAuth || issuerAuth.payload === null) throw issuerInvalid('IssuerAuth is not a COSE_Sign1 with payload');
  const alg = ecdsaAlg(issuerAuth);
  if (alg === undefined) throw issuerInvalid('IssuerAuth algorithm refused');
  const x5chain = x5chainOf(issuerAuth.unprotectedHeader) ?? x5chainOf(issuerAuth.protectedHeader);
  if (!x5chain) throw issuerInvalid('IssuerAuth carries no x5chain');
  const signer = await trustedSigner(x5chain, check.trust.current(check.now), doctype, check.now);
  const signerKey = await importSignerKey(signer.publicKeyJwk);
  if (!signerKey || !(await verifyEcdsa(signerKey, alg, issuerAuth, issuerAuth.payload))) throw issuerInvalid('IssuerAuth signature does not verify');

  const mso = readMso(issuerAuth.payload);
  if (mso.docType !== doctype) throw appError('WALLET_DOCTYPE_MISMATCH', { details: { reasons: ['MSO names another doctype'] } });
  const ageValue = checkItems(issuerSigned.get('nameSpaces'), mso, doctype, `age_over_${check.ageOver}`);
  checkValidity(mso, check.now, check.clockSkewMs);

  await verifyDeviceAuth(doc.get('deviceSigned'), mso.deviceKey, check.sessionTranscript, doctype);

  // Checked last, after trust and device binding: only a trusted, bound credential can state an age. A disclosed
  // `false` is the issuer's statement that the holder is under the gate (a decision); anything else proves nothing.
  if (ageValue === false) throw appError('WALLET_AGE_BELOW_GATE');
  if (ageValue !== true) throw appError('WALLET_AGE_NOT_PROVEN');
  return { doctype, ageOver: check.ageOver, issuerCountry: signer.issuerCountry };
}

async function importSignerKey(jwk: webcrypto.JsonWebKey): Promise<webcrypto.CryptoKey | undefined> {
  if (typeof jwk.crv !== 'string') return undefined;
  try {
    return await webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: jwk.crv }, false, ['verify']);
  } catch {
    return undefined;
  }
}
