import { createHash, randomBytes } from 'node:crypto';
import { CoseKey, DeviceKey, DeviceSignedBuilder, Issuer, SessionTranscript, SignatureAlgorithm } from '@owf/mdoc';
import { decode, encode } from 'cbor2';
import { describe, expect, it } from 'vitest';
import { AGE_VERIFICATION_DOCTYPE } from '../contracts.ts';
import { dcApiSessionTranscript } from './session-transcript.ts';
import { createTestIssuer, staticTrust, testAnchor } from './testing/test-issuer.ts';
import { verifyDeviceResponse } from './verify-device-response.ts';

// An mdoc issued and presented by another implementation (@owf/mdoc 0.6.0's Issuer and DeviceSignedBuilder, with
// Node's WebCrypto behind its context) must pass our verifier: interoperability beyond our own test issuer.
const ctx = {
  crypto: {
    random: (length: number) => new Uint8Array(randomBytes(length)),
    digest: ({ digestAlgorithm, bytes }: { digestAlgorithm: string; bytes: Uint8Array }) =>
      new Uint8Array(createHash(digestAlgorithm.replace('-', '').toLowerCase()).update(bytes).digest()),
  },
  cose: {
    sign1: {
      sign: async ({ toBeSigned, key }: { toBeSigned: Uint8Array; key: CoseKey }) => {
        const jwk = key.jwk as JsonWebKey;
        const priv = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
        return new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, priv, new Uint8Array(toBeSigned)));
      },
    },
  },
};

describe('an mdoc from @owf/mdoc', () => {
  it('passes verifyDeviceResponse', async () => {
    const now = new Date();
    const issuer = await createTestIssuer({ country: 'AT' }, now);
    const issuerJwk = await crypto.subtle.exportKey('jwk', issuer.documentSigner.keys.privateKey);
    const device = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const devicePublic = await crypto.subtle.exportKey('jwk', device.publicKey);
    const devicePrivate = await crypto.subtle.exportKey('jwk', device.privateKey);

    const mdocIssuer = new Issuer(AGE_VERIFICATION_DOCTYPE, ctx as never);
    mdocIssuer.addIssuerNamespace(AGE_VERIFICATION_DOCTYPE, { age_over_18: true });
    const issuerSigned = await mdocIssuer.sign({
      signingKey: CoseKey.fromJwk(issuerJwk as never),
      certificates: [issuer.documentSigner.certificateDer],
      algorithm: SignatureAlgorithm.ES256,
      digestAlgorithm: 'SHA-256',
      deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(devicePublic as never) },
      validityInfo: { signed: new Date(now.getTime() - 60_000), validFrom: new Date(now.getTime() - 60_000), validUntil: new Date(now.getTime() + 86_400_000) },
    });
    const handover = { origin: 'https://shop.example', nonce: 'owf-nonce-0123456789' };
    const transcript = await SessionTranscript.forOid4VpDcApi(handover, ctx as never);
    const deviceSigned = await new DeviceSignedBuilder(AGE_VERIFICATION_DOCTYPE, ctx as never).sign({
      signingKey: CoseKey.fromJwk(devicePrivate as never),
      algorithm: SignatureAlgorithm.ES256,
      sessionTranscript: transcript,
      derCertificate: '',
    });
    const document = new Map<string, unknown>([
      ['docType', AGE_VERIFICATION_DOCTYPE],
      ['issuerSigned', decode(issuerSigned.encode(), { preferMap: true })],
      ['deviceSigned', decode(deviceSigned.encode(), { preferMap: true })],
    ]);
    const deviceResponse = new Uint8Array(
      encode(
        new Map<string, unknown>([
          ['version', '1.0'],
          ['documents', [document]],
          ['status', 0],
        ]),
      ),
    );

    const verdict = await verifyDeviceResponse({
      deviceResponse,
      sessionTranscript: dcApiSessionTranscript({ ...handover, jwkThumbprint: null }),
      acceptedDoctypes: [AGE_VERIFICATION_DOCTYPE],
      ageOver: 18,
      trust: staticTrust([testAnchor(issuer)], now),
      now,
      clockSkewMs: 60_000,
    });
    expect(verdict).toEqual({ doctype: AGE_VERIFICATION_DOCTYPE, ageOver: 18, issuerCountry: 'AT' });
  });
});
