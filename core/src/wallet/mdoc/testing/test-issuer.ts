// A test IACA, document signer and holder that produce real, signed mdoc DeviceResponses for tests of the
// verifier and of the OpenID4VP flows, with one switch per way a presentation can be wrong. Test-only: the keys
// are generated per run and nothing here is ever trusted outside a test.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { BasicConstraintsExtension, ExtendedKeyUsageExtension, KeyUsageFlags, KeyUsagesExtension, X509CertificateGenerator } from '@peculiar/x509';
import { Tag, encode } from 'cbor2';
import { AGE_VERIFICATION_DOCTYPE, type IssuerScope, type IssuerTrust, type IssuerTrustAnchor } from '../../contracts.ts';
import { deviceAuthenticationBytes } from '../device-auth.ts';
import { MDOC_DS_EKU } from '../issuer-chain.ts';

const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const DAY = 86_400_000;

export interface TestCertificate {
  readonly certificateDer: Uint8Array;
  readonly keys: CryptoKeyPair;
}

/** A test issuer: an IACA root and a document signer certificate it issued. */
export interface TestIssuer {
  readonly iaca: TestCertificate;
  readonly documentSigner: TestCertificate;
  readonly country: string;
}

export interface TestIssuerOptions {
  /** ISO 3166 alpha-2 code in the IACA's C attribute; default `UT` (the 18013-5 test country "Utopia"). */
  readonly country?: string;
  /** Validity of both certificates; default one year either side of `now`. */
  readonly notBefore?: Date;
  readonly notAfter?: Date;
  /** Leave the mdoc document-signer extended key usage out of the signer certificate. */
  readonly omitDsEku?: boolean;
}

const generate = async (): Promise<CryptoKeyPair> => (await crypto.subtle.generateKey(P256, true, ['sign', 'verify'])) as CryptoKeyPair;

/** Creates an IACA (self-signed CA, keyCertSign) and a document signer (digitalSignature, EKU 1.0.18013.5.1.2). */
export async function createTestIssuer(options: TestIssuerOptions = {}, now = new Date()): Promise<TestIssuer> {
  const country = options.country ?? 'UT';
  const notBefore = options.notBefore ?? new Date(now.getTime() - 365 * DAY);
  const notAfter = options.notAfter ?? new Date(now.getTime() + 365 * DAY);
  const iacaKeys = await generate();
  const iacaName = `C=${country}, CN=idgate test IACA ${randomBytes(4).toString('hex')}`;
  const iaca = await X509CertificateGenerator.createSelfSigned({
    name: iacaName,
    keys: iacaKeys,
    notBefore,
    notAfter,
    signingAlgorithm: ES256,
    extensions: [new BasicConstraintsExtension(true, 0, true), new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true)],
  });
  const dsKeys = await generate();
  const ds = await X509CertificateGenerator.create({
    subject: `C=${country}, CN=idgate test document signer`,
    issuer: iaca.subject,
    publicKey: dsKeys.publicKey,
    signingKey: iacaKeys.privateKey,
    notBefore,
    notAfter,
    signingAlgorithm: ES256,
    extensions: [
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature, true),
      ...(options.omitDsEku ? [] : [new ExtendedKeyUsageExtension([MDOC_DS_EKU], true)]),
    ],
  });
  return {
    iaca: { certificateDer: new Uint8Array(iaca.rawData), keys: iacaKeys },
    documentSigner: { certificateDer: new Uint8Array(ds.rawData), keys: dsKeys },
    country,
  };
}

/** A trust anchor for the IACA of a test issuer. */
export function testAnchor(issuer: TestIssuer, overrides: Partial<IssuerTrustAnchor> = {}): IssuerTrustAnchor {
  return {
    certificateDer: issuer.iaca.certificateDer,
    source: 'config:test',
    serviceType: 'config',
    status: 'granted',
    scope: 'any' as IssuerScope,
    ...overrides,
  };
}

/** An IssuerTrust over a fixed list of anchors (the real trusted lists come from wallet/trust/). */
export function staticTrust(anchors: readonly IssuerTrustAnchor[], loadedAt = new Date()): IssuerTrust {
  return { current: () => ({ anchors, loadedAt, nextUpdate: undefined }) };
}

/** Everything that can be made wrong in a presentation, one switch each; all off gives a valid response. */
export interface TestPresentationOptions {
  readonly issuer: TestIssuer;
  /** The CBOR SessionTranscript the device signs (session-transcript.ts). */
  readonly sessionTranscript: Uint8Array;
  /** Default eu.europa.ec.av.1. */
  readonly doctype?: string;
  /** The doctype the MSO names; default the document's. */
  readonly msoDoctype?: string;
  /** Issuer-signed elements of the doctype's namespace; default `{ age_over_18: true, age_over_21: true }`. */
  readonly elements?: Readonly<Record<string, unknown>>;
  /** Element identifiers to disclose; default all of `elements`. */
  readonly disclose?: readonly string[];
  /** Change a disclosed item's value after the issuer signed its digest. */
  readonly tamperDigest?: boolean;
  /** MSO validity; default signed = validFrom = now - 1 day, validUntil = now + 30 days. */
  readonly validFrom?: Date;
  readonly validUntil?: Date;
  readonly signed?: Date;
  /** The protected `alg` of IssuerAuth; default -7 (ES256). Another value is written but still signed with ES256. */
  readonly issuerAlg?: number;
  /** Send a deviceMac in place of the device signature. */
  readonly deviceMac?: boolean;
  /** DeviceResponse status; default 0. */
  readonly status?: number;
  readonly now?: Date;
}

const tdate = (d: Date): Tag => new Tag(0, d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
const tagged = (value: unknown): Tag => new Tag(24, new Uint8Array(encode(value)));

async function sign(key: CryptoKey, protectedBytes: Uint8Array, payload: Uint8Array): Promise<Uint8Array> {
  const toBeSigned = encode(['Signature1', protectedBytes, new Uint8Array(0), payload]);
  return new Uint8Array(await crypto.subtle.sign(ES256, key, new Uint8Array(toBeSigned)));
}

async function coseKey(publicKey: CryptoKey): Promise<Map<number, unknown>> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  return new Map<number, unknown>([
    [1, 2],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
}

/** Issues an mdoc to a fresh device key and returns the CBOR DeviceResponse presenting it for `sessionTranscript`. */
export async function createTestDeviceResponse(options: TestPresentationOptions): Promise<Uint8Array> {
  const now = options.now ?? new Date();
  const doctype = options.doctype ?? AGE_VERIFICATION_DOCTYPE;
  const elements = options.elements ?? { age_over_18: true, age_over_21: true };
  const disclose = new Set(options.disclose ?? Object.keys(elements));
  const deviceKeys = await generate();

  const items = Object.entries(elements).map(([elementIdentifier, elementValue], digestID) =>
    tagged(
      new Map<string, unknown>([
        ['digestID', digestID],
        ['random', new Uint8Array(randomBytes(16))],
        ['elementIdentifier', elementIdentifier],
        ['elementValue', elementValue],
      ]),
    ),
  );
  const digests = new Map<number, Uint8Array>();
  for (const [i, item] of items.entries()) digests.set(i, new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(encode(item)))));

  const mso = new Map<string, unknown>([
    ['version', '1.0'],
    ['digestAlgorithm', 'SHA-256'],
    ['valueDigests', new Map([[doctype, digests]])],
    ['deviceKeyInfo', new Map([['deviceKey', await coseKey(deviceKeys.publicKey)]])],
    ['docType', options.msoDoctype ?? doctype],
    [
      'validityInfo',
      new Map([
        ['signed', tdate(options.signed ?? new Date(now.getTime() - DAY))],
        ['validFrom', tdate(options.validFrom ?? new Date(now.getTime() - DAY))],
        ['validUntil', tdate(options.validUntil ?? new Date(now.getTime() + 30 * DAY))],
      ]),
    ],
  ]);
  const msoPayload = new Uint8Array(encode(tagged(mso)));
  const issuerProtected = new Uint8Array(encode(new Map([[1, options.issuerAlg ?? -7]])));
  const issuerAuth = [
    issuerProtected,
    new Map([[33, options.issuer.documentSigner.certificateDer]]),
    msoPayload,
    await sign(options.issuer.documentSigner.keys.privateKey, issuerProtected, msoPayload),
  ];

  let disclosed = items.filter((_, i) => disclose.has(Object.keys(elements)[i] ?? ''));
  if (options.tamperDigest && disclosed[0]) {
    const first = Object.keys(elements).find((k) => disclose.has(k)) ?? '';
    const forged = new Map<string, unknown>([
      ['digestID', Object.keys(elements).indexOf(first)],
      ['random', new Uint8Array(randomBytes(16))],
      ['elementIdentifier', first],
      ['elementValue', true],
    ]);
    disclosed = [tagged(forged), ...disclosed.slice(1)];
  }

  const deviceNameSpaces = tagged(new Map());
  const deviceAuthBytes = deviceAuthenticationBytes(options.sessionTranscript, doctype, new Uint8Array(encode(deviceNameSpaces)));
  const deviceProtected = new Uint8Array(encode(new Map([[1, -7]])));
  const deviceAuth = options.deviceMac
    ? new Map([['deviceMac', [new Uint8Array(encode(new Map([[1, 5]]))), new Map(), null, new Uint8Array(randomBytes(32))]]])
    : new Map([['deviceSignature', [deviceProtected, new Map(), null, await sign(deviceKeys.privateKey, deviceProtected, deviceAuthBytes)]]]);

  const document = new Map<string, unknown>([
    ['docType', doctype],
    [
      'issuerSigned',
      new Map<string, unknown>([
        ['nameSpaces', new Map([[doctype, disclosed]])],
        ['issuerAuth', issuerAuth],
      ]),
    ],
    [
      'deviceSigned',
      new Map<string, unknown>([
        ['nameSpaces', deviceNameSpaces],
        ['deviceAuth', deviceAuth],
      ]),
    ],
  ]);
  return new Uint8Array(
    encode(
      new Map<string, unknown>([
        ['version', '1.0'],
        ['documents', [document]],
        ['status', options.status ?? 0],
      ]),
    ),
  );
}
