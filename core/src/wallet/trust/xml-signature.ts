import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xades from 'xadesjs';
import { X509Certificate } from 'node:crypto';
import { TrustListError } from './errors.ts';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

let ready = false;
/** xadesjs needs a DOM and WebCrypto; Node has no DOM, so xmldom supplies one (once per process). */
function init(): void {
  if (ready) return;
  xades.setNodeDependencies({ DOMParser, XMLSerializer, DOMImplementation } as unknown as Parameters<typeof xades.setNodeDependencies>[0]);
  xades.Application.setEngine('NodeJS', globalThis.crypto);
  ready = true;
}

/** Parses XML without fetching anything external (xmldom resolves no entities or DTDs over the network). */
export function parseXml(text: string): Document {
  init();
  let failure: string | undefined;
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') failure ??= message;
    },
  }).parseFromString(text, 'application/xml') as unknown as Document;
  if (failure || !doc.documentElement) throw new TrustListError('malformed', `not well-formed XML: ${failure ?? 'no root element'}`);
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) throw new TrustListError('malformed', 'a DOCTYPE is not allowed in a trusted list');
  return doc;
}

/**
 * Verifies the enveloped XAdES signature of a trusted list (ETSI TS 119 612 clause 5.7) against the
 * certificates allowed to sign it, and returns the document whose content that signature covers.
 *
 * The key is never taken from the signature's own KeyInfo: each allowed certificate's key is tried, so
 * a list signed by anyone else fails however it describes itself. The signature must cover the whole
 * document (a reference to "" or to the root's Id with the enveloped transform), or an attacker could
 * wrap signed content inside an unsigned document.
 */
export async function verifyEnvelopedSignature(xml: string, allowed: readonly Uint8Array[]): Promise<Document> {
  const doc = parseXml(xml);
  const root = doc.documentElement;
  const signatures = Array.from(root.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === 'Signature' && (n as Element).namespaceURI === DSIG_NS,
  );
  if (signatures.length !== 1) throw new TrustListError('signature', `expected one enveloped signature under the root, found ${signatures.length}`);
  if (doc.getElementsByTagNameNS(DSIG_NS, 'Signature').length !== 1) throw new TrustListError('signature', 'more than one signature in the list');
  const signature = signatures[0]!;
  const rootId = root.getAttribute('Id');
  const refs = Array.from(signature.getElementsByTagNameNS(DSIG_NS, 'Reference'));
  const coversRoot = refs.some((r) => {
    const uri = r.getAttribute('URI');
    const enveloped = Array.from(r.getElementsByTagNameNS(DSIG_NS, 'Transform')).some(
      (t) => t.getAttribute('Algorithm') === 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
    );
    return enveloped && (uri === '' || (rootId !== null && rootId !== '' && uri === `#${rootId}`));
  });
  if (!coversRoot) throw new TrustListError('signature', 'the signature does not cover the whole list');
  if (allowed.length === 0) throw new TrustListError('signature', 'no certificate is allowed to sign this list');

  for (const der of allowed) {
    const signed = new xades.SignedXml(doc);
    signed.LoadXml(signature);
    const key = await publicKeyFor(der, signed);
    if (!key) continue;
    const hash = signed.Algorithm && 'hash' in signed.Algorithm ? signed.Algorithm.hash : undefined;
    try {
      // xmldsigjs re-imports the key with the algorithm it read from SignedInfo, which lacks the curve.
      signed.Algorithm = { ...key.algorithm, hash } as Algorithm;
      if (await signed.Verify(key)) return doc;
    } catch {
      // A key of another type or curve than the signature's: try the next allowed certificate.
    }
  }
  throw new TrustListError('signature', 'the list signature does not verify with any certificate allowed to sign it');
}

/** The allowed certificate's public key, imported for the signature's algorithm (undefined if they do not fit). */
async function publicKeyFor(der: Uint8Array, signed: xades.SignedXml): Promise<CryptoKey | undefined> {
  const method = signed.XmlSignature.SignedInfo.SignatureMethod.Algorithm;
  const hash = /sha512/i.test(method) ? 'SHA-512' : /sha384/i.test(method) ? 'SHA-384' : /sha256/i.test(method) ? 'SHA-256' : undefined;
  if (!hash) throw new TrustListError('signature', `refused signature algorithm ${method}`);
  try {
    const key = new X509Certificate(der).publicKey;
    const spki = key.export({ type: 'spki', format: 'der' });
    const type = key.asymmetricKeyType;
    if (/ecdsa/i.test(method) && type === 'ec') {
      const curve = key.asymmetricKeyDetails?.namedCurve;
      const namedCurve = curve === 'prime256v1' ? 'P-256' : curve === 'secp384r1' ? 'P-384' : curve === 'secp521r1' ? 'P-521' : undefined;
      if (!namedCurve) return undefined;
      return await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve }, true, ['verify']);
    }
    if (/rsa-pss|rsa-MGF1/i.test(method) && (type === 'rsa' || type === 'rsa-pss')) {
      return await crypto.subtle.importKey('spki', spki, { name: 'RSA-PSS', hash }, true, ['verify']);
    }
    if (/rsa/i.test(method) && type === 'rsa') {
      return await crypto.subtle.importKey('spki', spki, { name: 'RSASSA-PKCS1-v1_5', hash }, true, ['verify']);
    }
  } catch {
    return undefined;
  }
  return undefined;
}
