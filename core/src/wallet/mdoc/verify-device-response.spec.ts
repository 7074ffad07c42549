import { appError } from '@idgate/protos';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE, type DeviceResponseCheck, type IssuerTrustAnchor } from '../contracts.ts';
import { dcApiSessionTranscript } from './session-transcript.ts';
import { ISO_18013_5_ANNEX_D_DEVICE_RESPONSE_HEX } from './testing/iso-18013-5-annex-d.ts';
import { createTestDeviceResponse, createTestIssuer, staticTrust, testAnchor, type TestIssuer, type TestPresentationOptions } from './testing/test-issuer.ts';
import { verifyDeviceResponse } from './verify-device-response.ts';

const now = new Date('2026-06-01T12:00:00Z');
const transcript = dcApiSessionTranscript({ origin: 'https://shop.example', nonce: 'n-0123456789abcdef', jwkThumbprint: null });
let issuer: TestIssuer;
let otherIssuer: TestIssuer;

beforeAll(async () => {
  [issuer, otherIssuer] = await Promise.all([createTestIssuer({ country: 'DE' }, now), createTestIssuer({ country: 'FR' }, now)]);
});

function check(
  deviceResponse: Uint8Array,
  overrides: Partial<DeviceResponseCheck> = {},
  anchors: IssuerTrustAnchor[] = [testAnchor(issuer)],
): DeviceResponseCheck {
  return {
    deviceResponse,
    sessionTranscript: transcript,
    acceptedDoctypes: [AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE],
    ageOver: 18,
    trust: staticTrust(anchors, now),
    now,
    clockSkewMs: 60_000,
    ...overrides,
  };
}

const present = (options: Partial<TestPresentationOptions> = {}) => createTestDeviceResponse({ issuer, sessionTranscript: transcript, now, ...options });
const code = async (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (err: unknown) => (err as { code?: string }).code ?? String(err),
  );

describe('verifyDeviceResponse', () => {
  it('accepts an age verification attestation and returns only doctype, age and issuer country', async () => {
    const verdict = await verifyDeviceResponse(check(await present({ disclose: ['age_over_18'] })));
    expect(verdict).toEqual({ doctype: AGE_VERIFICATION_DOCTYPE, ageOver: 18, issuerCountry: 'DE' });
  });

  it('accepts a PID under a pid-scoped anchor, ignoring values disclosed beyond the request', async () => {
    const response = await present({ doctype: PID_DOCTYPE, elements: { family_name: 'Mustermann', age_over_18: true } });
    const verdict = await verifyDeviceResponse(check(response, {}, [testAnchor(issuer, { scope: 'pid' })]));
    expect(verdict).toEqual({ doctype: PID_DOCTYPE, ageOver: 18, issuerCountry: 'DE' });
    expect(JSON.stringify(verdict)).not.toContain('Mustermann');
  });

  it.each<[string, Partial<TestPresentationOptions>, Partial<DeviceResponseCheck>, string]>([
    ['a tampered item digest', { tamperDigest: true, elements: { age_over_18: false } }, {}, 'WALLET_DIGEST_MISMATCH'],
    ['an expired MSO', { validFrom: new Date('2025-01-01Z'), validUntil: new Date('2026-05-31T00:00:00Z') }, {}, 'WALLET_MSO_NOT_VALID'],
    ['an MSO not yet valid beyond the skew', { validFrom: new Date(now.getTime() + 120_000) }, {}, 'WALLET_MSO_NOT_VALID'],
    ['a deviceMac', { deviceMac: true }, {}, 'WALLET_DEVICE_MAC_REFUSED'],
    ['age_over_18 false', { elements: { age_over_18: false } }, {}, 'WALLET_AGE_BELOW_GATE'],
    ['age_over_18 missing', { elements: { age_over_21: true } }, {}, 'WALLET_AGE_NOT_PROVEN'],
    ['age_over_18 issued but not disclosed', { disclose: ['age_over_21'] }, {}, 'WALLET_AGE_NOT_PROVEN'],
    ['an unsupported issuer algorithm (EdDSA)', { issuerAlg: -8 }, {}, 'WALLET_ISSUER_SIGNATURE_INVALID'],
    ['status 10', { status: 10 }, {}, 'WALLET_DEVICE_RESPONSE_STATUS'],
    ['a doctype not requested', { doctype: 'org.iso.18013.5.1.mDL' }, {}, 'WALLET_DOCTYPE_MISMATCH'],
    ['an MSO naming another doctype', { msoDoctype: PID_DOCTYPE }, {}, 'WALLET_DOCTYPE_MISMATCH'],
    [
      'a wrong nonce in the transcript',
      {},
      { sessionTranscript: dcApiSessionTranscript({ origin: 'https://shop.example', nonce: 'other', jwkThumbprint: null }) },
      'WALLET_DEVICE_AUTH_INVALID',
    ],
    [
      'a wrong origin in the transcript',
      {},
      { sessionTranscript: dcApiSessionTranscript({ origin: 'https://evil.example', nonce: 'n-0123456789abcdef', jwkThumbprint: null }) },
      'WALLET_DEVICE_AUTH_INVALID',
    ],
    ['a request for age_over_21 answered with age_over_18 only', { elements: { age_over_18: true } }, { ageOver: 21 }, 'WALLET_AGE_NOT_PROVEN'],
  ])('refuses %s', async (_name, options, overrides, expected) => {
    expect(await code(verifyDeviceResponse(check(await present(options), overrides)))).toBe(expected);
  });

  it('refuses an issuer whose IACA is not on the list', async () => {
    expect(await code(verifyDeviceResponse(check(await present(), {}, [testAnchor(otherIssuer)])))).toBe('WALLET_ISSUER_UNTRUSTED');
  });

  it('refuses an age attestation from an IACA listed for PID only', async () => {
    expect(await code(verifyDeviceResponse(check(await present(), {}, [testAnchor(issuer, { scope: 'pid' })])))).toBe('WALLET_ISSUER_UNTRUSTED');
  });

  it('refuses a document signer without the mdoc DS extended key usage', async () => {
    const noEku = await createTestIssuer({ omitDsEku: true }, now);
    const response = await createTestDeviceResponse({ issuer: noEku, sessionTranscript: transcript, now });
    expect(await code(verifyDeviceResponse(check(response, {}, [testAnchor(noEku)])))).toBe('WALLET_ISSUER_UNTRUSTED');
  });

  it('refuses an issuer whose anchor is withdrawn', async () => {
    expect(await code(verifyDeviceResponse(check(await present(), {}, [testAnchor(issuer, { status: 'withdrawn' })])))).toBe('WALLET_ISSUER_WITHDRAWN');
  });

  it('passes on the errors of the trusted lists', async () => {
    const trust = {
      current: () => {
        throw appError('WALLET_TRUST_LIST_STALE');
      },
    };
    expect(await code(verifyDeviceResponse(check(await present(), { trust })))).toBe('WALLET_TRUST_LIST_STALE');
  });

  it('answers every single-byte corruption of a valid response with a WALLET_* refusal, never a pass or a crash', async () => {
    const valid = await present({ disclose: ['age_over_18'] });
    const outcomes = new Set<string>();
    // Every 7th byte keeps the run short while touching every structure of the ~1.2 kB response.
    for (let i = 0; i < valid.length; i += 7) {
      const corrupted = new Uint8Array(valid);
      corrupted[i] = (corrupted[i] ?? 0) ^ 0x5a;
      const outcome = await code(verifyDeviceResponse(check(corrupted)));
      outcomes.add(outcome);
      expect(outcome, `byte ${i}`).toMatch(/^WALLET_/);
    }
    expect(outcomes.size).toBeGreaterThan(3);
  });

  it('refuses bytes that are not a DeviceResponse', async () => {
    expect(await code(verifyDeviceResponse(check(new Uint8Array([0xff, 0x00]))))).toBe('WALLET_RESPONSE_INVALID');
  });
});

describe('the ISO/IEC 18013-5 Annex D DeviceResponse', () => {
  const annexD = new Uint8Array(Buffer.from(ISO_18013_5_ANNEX_D_DEVICE_RESPONSE_HEX, 'hex'));
  // The Annex publishes no IACA certificate in machine-readable form, so its document signer stands as a
  // directly listed anchor; the clock is pinned inside the certificate's and the MSO's validity.
  const pinned = new Date('2021-01-01T00:00:00Z');
  const annexCheck = (deviceResponse: Uint8Array, anchorDer?: Uint8Array): DeviceResponseCheck => ({
    deviceResponse,
    sessionTranscript: transcript,
    acceptedDoctypes: ['org.iso.18013.5.1.mDL'],
    ageOver: 18,
    trust: staticTrust(anchorDer ? [{ certificateDer: anchorDer, source: 'config:annex-d', serviceType: 'config', status: 'granted', scope: 'any' }] : []),
    now: pinned,
    clockSkewMs: 0,
  });
  // The x5chain is the one certificate in the unprotected header of IssuerAuth.
  const dsDer = async () => {
    const { decode } = await import('cbor2');
    const doc = (decode(annexD, { preferMap: true }) as Map<string, Map<string, unknown>[]>).get('documents')![0]!;
    const issuerAuth = (doc.get('issuerSigned') as Map<string, unknown[]>).get('issuerAuth')!;
    return (issuerAuth[1] as Map<number, Uint8Array>).get(33)!;
  };

  it('passes its issuer signature, trust, MSO validity and every digest, then stops at its device MAC', async () => {
    expect(await code(verifyDeviceResponse(annexCheck(annexD, await dsDer())))).toBe('WALLET_DEVICE_MAC_REFUSED');
  });

  it('fails its issuer signature once one signature byte changes', async () => {
    const tampered = new Uint8Array(annexD);
    // The IssuerAuth signature is the last 64-byte string before deviceSigned; flip a byte inside it.
    const at = Buffer.from(annexD).indexOf(Buffer.from('6c6465766963655369676e6564', 'hex')) - 10;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(await code(verifyDeviceResponse(annexCheck(tampered, await dsDer())))).toBe('WALLET_ISSUER_SIGNATURE_INVALID');
  });

  it('is untrusted without its signer on the list and expired after its validity', async () => {
    expect(await code(verifyDeviceResponse(annexCheck(annexD)))).toBe('WALLET_ISSUER_UNTRUSTED');
    expect(await code(verifyDeviceResponse({ ...annexCheck(annexD, await dsDer()), now: new Date('2021-12-01T00:00:00Z') }))).toBe('WALLET_ISSUER_UNTRUSTED');
  });
});
