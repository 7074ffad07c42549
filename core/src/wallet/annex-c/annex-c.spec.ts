// ISO/IEC 18013-7 Annex C beside OpenID4VP in one DC API call, end to end inside core with the real parts: the
// HPKE suite (checked against RFC 9180), the `dcapi` transcript, the mdoc verifier and the test wallet.
import { decode, encode, Tag } from 'cbor2';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import type { DeviceResponseVerdict } from '../contracts.ts';
import { verifyDeviceResponse } from '../mdoc/verify-device-response.ts';
import { isoDcApiSessionTranscript } from '../mdoc/session-transcript.ts';
import { createTestDeviceResponse, createTestIssuer, staticTrust, testAnchor, type TestIssuer } from '../mdoc/testing/test-issuer.ts';
import { answerDcApi, answerDcApiRequest, type TestWalletOptions } from '../testing/test-wallet.ts';
import { OPENID4VP_TRANSCRIPTS } from '../transcripts.ts';
import { generateDevCertificate, loadVerifierIdentity } from '../verifier-identity.ts';
import { WalletFlowService, type DcApiRequest } from '../wallet-flow.service.ts';
import { createAnnexCKeys, ISO_MDOC_PROTOCOL, annexCRequest, oneRequestedDocument, openAnnexCResponse } from './annex-c.ts';
import { hpkeOpen, hpkeSeal, rawPublicKeyOfCoseKey } from './hpke.ts';

const ORIGIN = 'https://shop.example';
const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));
const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));
const cbor = (s: string) => decode(b64(s), { preferMap: true });
let issuer: TestIssuer;
let service: WalletFlowService;
const kv = new MemoryKeyValueStore();
const passed: DeviceResponseVerdict[] = [];
const failed: string[] = [];

beforeAll(async () => {
  issuer = await createTestIssuer();
  const { certPem, keyPem } = await generateDevCertificate('id.example');
  service = new WalletFlowService({
    kv,
    identity: await loadVerifierIdentity(certPem, keyPem, true),
    trust: staticTrust([testAnchor(issuer)]),
    verify: verifyDeviceResponse,
    transcripts: OPENID4VP_TRANSCRIPTS,
    sink: { passed: async (_tx, v) => void passed.push(v), failed: async (_tx, code) => void failed.push(code) },
    walletBaseUrl: 'https://id.example/wallet/v1',
    transactionTtlMs: 180_000,
    clockSkewMs: 60_000,
  });
});

let n = 0;
async function open(minAge = 18): Promise<{ sessionId: string; transactionId: string; requests: DcApiRequest[]; iso: DcApiRequest }> {
  const sessionId = `s${++n}`;
  const start = await service.start({ tenantId: 't', sessionId, minAge, channel: 'dc_api', origin: ORIGIN });
  if (start.channel !== 'dc_api') throw new Error('channel');
  const iso = start.dcApiRequests.find((r) => r.protocol === ISO_MDOC_PROTOCOL)!;
  return { sessionId, transactionId: start.transactionId, requests: start.dcApiRequests, iso };
}

const accept = (t: { sessionId: string; transactionId: string }, answer: { protocol: string; data: unknown }) =>
  service.acceptDcApi({ tenantId: 't', sessionId: t.sessionId, transactionId: t.transactionId, origin: ORIGIN, ...answer });

const wallet = (o: Partial<TestWalletOptions> = {}): TestWalletOptions => ({ issuer, origin: ORIGIN, preferProtocol: ISO_MDOC_PROTOCOL, ...o });

describe('Annex C request', () => {
  it('is offered after the OpenID4VP request, asking only age_over_NN of both doctypes, not to be retained', async () => {
    const { requests, iso } = await open(21);
    expect(requests.map((r) => r.protocol)).toEqual(['openid4vp-v1-signed', 'org-iso-mdoc']);
    expect(Object.keys(iso.data).sort()).toEqual(['deviceRequest', 'encryptionInfo']);
    const request = cbor(String(iso.data.deviceRequest)) as Map<string, unknown>;
    expect([...request.keys()]).toEqual(['version', 'docRequests']);
    expect(request.get('version')).toBe('1.0');
    const docRequests = request.get('docRequests') as Map<string, unknown>[];
    const asked = docRequests.map((docRequest) => {
      expect([...docRequest.keys()]).toEqual(['itemsRequest']); // no readerAuth: the request is unsigned
      const tag = docRequest.get('itemsRequest') as Tag;
      expect(tag.tag).toBe(24);
      const items = decode(tag.contents as Uint8Array, { preferMap: true }) as Map<string, unknown>;
      return {
        docType: items.get('docType'),
        nameSpaces: Object.fromEntries([...(items.get('nameSpaces') as Map<string, Map<string, boolean>>)].map(([k, v]) => [k, Object.fromEntries(v)])),
      };
    });
    expect(asked).toEqual([
      { docType: 'eu.europa.ec.av.1', nameSpaces: { 'eu.europa.ec.av.1': { age_over_21: false } } },
      { docType: 'eu.europa.ec.eudi.pid.1', nameSpaces: { 'eu.europa.ec.eudi.pid.1': { age_over_21: false } } },
    ]);
  });

  it('carries EncryptionInfo ["dcapi", {nonce, recipientPublicKey}] with a fresh nonce and P-256 key per transaction', async () => {
    const infos = await Promise.all([open(), open()].map(async (p) => cbor(String((await p).iso.data.encryptionInfo)) as [string, Map<string, unknown>]));
    for (const [type, params] of infos) {
      expect(type).toBe('dcapi');
      expect([...params.keys()]).toEqual(['nonce', 'recipientPublicKey']);
      expect((params.get('nonce') as Uint8Array).length).toBeGreaterThanOrEqual(16);
      const key = params.get('recipientPublicKey') as Map<number, unknown>;
      expect([...key.keys()]).toEqual([1, -1, -2, -3]);
      expect(rawPublicKeyOfCoseKey(key)).toHaveLength(65);
    }
    expect(infos[0]![1].get('nonce')).not.toEqual(infos[1]![1].get('nonce'));
    expect(infos[0]![1].get('recipientPublicKey')).not.toEqual(infos[1]![1].get('recipientPublicKey'));
  });
});

describe('Annex C response through WalletFlowService and the real verifier', () => {
  it('passes with the age-verification attestation, and with the PID', async () => {
    for (const usePid of [false, true]) {
      const t = await open();
      expect(await accept(t, await answerDcApi(t.requests, wallet({ usePid })))).toEqual({ passed: true });
      expect(passed.at(-1)).toMatchObject({ doctype: usePid ? 'eu.europa.ec.eudi.pid.1' : 'eu.europa.ec.av.1', ageOver: 18 });
      expect(await service.status({ tenantId: 't', ...t })).toEqual({ state: 'passed' });
    }
  });

  it('refuses a response the wallet built for another origin: it does not decrypt', async () => {
    const t = await open();
    await expect(accept(t, await answerDcApi(t.requests, wallet({ origin: 'https://evil.example' })))).rejects.toMatchObject({
      code: 'WALLET_RESPONSE_INVALID',
    });
    expect(await service.status({ tenantId: 't', ...t })).toEqual({ state: 'failed', code: 'WALLET_RESPONSE_INVALID' });
  });

  it('refuses a device signature over another transcript than the encryption: WALLET_DEVICE_AUTH_INVALID', async () => {
    const t = await open();
    await expect(accept(t, await answerDcApi(t.requests, wallet({ nonce: 'another nonce' })))).rejects.toMatchObject({ code: 'WALLET_DEVICE_AUTH_INVALID' });
  });

  it('refuses a tampered cipherText', async () => {
    const t = await open();
    const answer = await answerDcApi(t.requests, wallet());
    const [type, params] = cbor(answer.data.response) as [string, Map<string, Uint8Array>];
    params.get('cipherText')![10]! ^= 0x01;
    const response = Buffer.from(encode([type, params])).toString('base64url');
    await expect(accept(t, { protocol: ISO_MDOC_PROTOCOL, data: { response } })).rejects.toMatchObject({ code: 'WALLET_RESPONSE_INVALID' });
  });

  it('refuses a response encrypted to another transaction’s key', async () => {
    const mine = await open();
    const other = await open();
    const answer = await answerDcApiRequest(other.iso, wallet());
    await expect(accept(mine, answer)).rejects.toMatchObject({ code: 'WALLET_RESPONSE_INVALID' });
    expect(await accept(other, await answerDcApiRequest(other.iso, wallet()))).toEqual({ passed: true });
  });

  it('keeps the HPKE private key only in the transaction, which the answer deletes', async () => {
    const t = await open();
    const stored = JSON.parse((await kv.get(`wallet:tx:${t.transactionId}`))!) as { annexC: { hpkeKey: { d?: string }; encryptionInfo: string } };
    expect(stored.annexC.hpkeKey.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.annexC.encryptionInfo).toBe(t.iso.data.encryptionInfo);
    expect(JSON.stringify(t.requests)).not.toContain(stored.annexC.hpkeKey.d);
    await accept(t, await answerDcApi(t.requests, wallet()));
    expect(await kv.get(`wallet:tx:${t.transactionId}`)).toBeNull();
  });

  it('answers a replay with WALLET_TRANSACTION_ANSWERED', async () => {
    const t = await open();
    const answer = await answerDcApi(t.requests, wallet());
    expect(await accept(t, answer)).toEqual({ passed: true });
    await expect(accept(t, answer)).rejects.toMatchObject({ code: 'WALLET_TRANSACTION_ANSWERED' });
  });

  it('refuses malformed responses without a 500', async () => {
    for (const data of [
      null,
      {},
      { response: 'not base64url!' },
      { response: Buffer.from(encode(['dcapi', { enc: new Uint8Array(3), cipherText: new Uint8Array(1) }])).toString('base64url') },
    ]) {
      const t = await open();
      await expect(accept(t, { protocol: ISO_MDOC_PROTOCOL, data })).rejects.toMatchObject({ code: 'WALLET_RESPONSE_INVALID' });
    }
  });

  it('refuses an unknown protocol and an Annex C answer on a QR transaction', async () => {
    const t = await open();
    await expect(accept(t, { protocol: 'org.iso.mdoc', data: {} })).rejects.toMatchObject({ code: 'WALLET_RESPONSE_MODE_MISMATCH' });
    const qr = await service.start({ tenantId: 't', sessionId: 'qr', minAge: 18, channel: 'direct_post' });
    await expect(
      service.acceptDcApi({ tenantId: 't', sessionId: 'qr', transactionId: qr.transactionId, origin: ORIGIN, protocol: ISO_MDOC_PROTOCOL, data: {} }),
    ).rejects.toMatchObject({ code: 'WALLET_RESPONSE_MODE_MISMATCH' });
  });

  it('refuses a below-gate credential as below the gate (age_over_NN false)', async () => {
    const t = await open(21);
    await expect(accept(t, await answerDcApi(t.requests, wallet({ elements: { age_over_21: false } })))).rejects.toMatchObject({
      code: 'WALLET_AGE_BELOW_GATE',
    });
  });
});

describe('a corrupted EncryptedResponse', () => {
  it('is refused with a WALLET_* code at every byte tried, never opened', async () => {
    const keys = await createAnnexCKeys();
    const entry = annexCRequest(keys, 18, ['eu.europa.ec.av.1', 'eu.europa.ec.eudi.pid.1']);
    const good = b64((await answerDcApiRequest(entry, wallet())).data.response);
    const openWith = (bytes: Uint8Array) =>
      openAnnexCResponse({ data: { response: Buffer.from(bytes).toString('base64url') }, keys, origin: ORIGIN, acceptedDoctypes: ['eu.europa.ec.av.1'] });
    await expect(openWith(good)).resolves.toBeDefined();
    const codes = new Set<string>();
    // Every byte of the CBOR frame and of enc; in the AEAD-protected cipherText every 7th byte and the last.
    const positions = [...Array(good.length).keys()].filter((i) => i < 100 || i % 7 === 0 || i === good.length - 1);
    for (const i of positions) {
      const bad = good.slice();
      bad[i]! ^= 0x5a;
      const outcome = await openWith(bad).then(
        () => 'opened',
        (err: { code?: string }) => err.code ?? 'crash',
      );
      codes.add(outcome);
    }
    expect([...codes]).toEqual(['WALLET_RESPONSE_INVALID']);
  });
});

describe('a DeviceResponse with several documents', () => {
  const doctypes = ['eu.europa.ec.av.1', 'eu.europa.ec.eudi.pid.1'];
  const transcript = isoDcApiSessionTranscript({ encryptionInfo: new Uint8Array([1]), origin: ORIGIN });
  const documentOf = async (doctype: string) =>
    (
      (decode(await createTestDeviceResponse({ issuer, doctype, sessionTranscript: transcript }), { preferMap: true }) as Map<string, unknown>).get(
        'documents',
      ) as unknown[]
    )[0];
  const response = (documents: unknown[], extra: [string, unknown][] = []) =>
    new Uint8Array(encode(new Map<string, unknown>([['version', '1.0'], ['documents', documents], ['status', 0], ...extra])));
  const check = (deviceResponse: Uint8Array) =>
    verifyDeviceResponse({
      deviceResponse,
      sessionTranscript: transcript,
      acceptedDoctypes: doctypes,
      ageOver: 18,
      trust: staticTrust([testAnchor(issuer)]),
      now: new Date(),
      clockSkewMs: 0,
    });

  it('keeps exactly one requested document (the attestation first) and it still verifies', async () => {
    const both = response([await documentOf('eu.europa.ec.eudi.pid.1'), await documentOf('eu.europa.ec.av.1')]);
    const one = oneRequestedDocument(both, doctypes);
    expect(((decode(one, { preferMap: true }) as Map<string, unknown>).get('documents') as Map<string, unknown>[]).map((d) => d.get('docType'))).toEqual([
      'eu.europa.ec.av.1',
    ]);
    expect(await check(one)).toMatchObject({ doctype: 'eu.europa.ec.av.1' });
  });

  it('accepts "not returned" for the other requested doctype, and nothing else', async () => {
    const pid = await documentOf('eu.europa.ec.eudi.pid.1');
    const notReturned = oneRequestedDocument(response([pid], [['documentErrors', new Map([['eu.europa.ec.av.1', 0]])]]), doctypes);
    expect(await check(notReturned)).toMatchObject({ doctype: 'eu.europa.ec.eudi.pid.1' });
    const odd = response([pid], [['documentErrors', new Map([['org.iso.18013.5.1.mDL', 0]])]]);
    expect(oneRequestedDocument(odd, doctypes)).toEqual(odd);
    await expect(check(odd)).rejects.toMatchObject({ code: 'WALLET_DEVICE_RESPONSE_STATUS' });
  });

  it('refuses a document of a doctype not requested, and a doctype twice', async () => {
    const av = await documentOf('eu.europa.ec.av.1');
    const mdl = await documentOf('org.iso.18013.5.1.mDL');
    expect(() => oneRequestedDocument(response([av, mdl]), doctypes)).toThrow(expect.objectContaining({ code: 'WALLET_DOCTYPE_MISMATCH' }));
    expect(() => oneRequestedDocument(response([av, av]), doctypes)).toThrow(expect.objectContaining({ code: 'WALLET_DEVICE_RESPONSE_STATUS' }));
  });
});

describe('HPKE interop', () => {
  // RFC 9180 Appendix A.3.1: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM, base mode, sequence number 0.
  const A31 = {
    info: '4f6465206f6e2061204772656369616e2055726e',
    pkRm: '04fe8c19ce0905191ebc298a9245792531f26f0cece2460639e8bc39cb7f706a826a779b4cf969b8a0e539c7f62fb3d30ad6aa8f80e30f1d128aafd68a2ce72ea0',
    skRm: 'f3ce7fdae57e1a310d87f1ebbde6f328be0a99cdbcadf4d6589cf29de4b8ffd2',
    enc: '04a92719c6195d5085104f469a8b9814d5838ff72b60501e2c4466e5e67b325ac98536d7b61a1af4b78e5b7f951c0900be863c403ce65c9bfcb9382657222d18c4',
    pt: '4265617574792069732074727574682c20747275746820626561757479',
    aad: '436f756e742d30',
    ct: '5ad590bb8baa577f8619db35a36311226a896e7342a6d836d8b7bcd2f20b6c7f9076ac232e3ab2523f39513434',
  };
  const pk = hex(A31.pkRm);
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: Buffer.from(pk.subarray(1, 33)).toString('base64url'),
    y: Buffer.from(pk.subarray(33)).toString('base64url'),
    d: Buffer.from(hex(A31.skRm)).toString('base64url'),
  };

  it('opens the RFC 9180 A.3.1 ciphertext with the key stored as a JWK, as a transaction stores it', async () => {
    expect(Buffer.from(await hpkeOpen(jwk, hex(A31.enc), hex(A31.info), hex(A31.ct), hex(A31.aad))).toString('hex')).toBe(A31.pt);
    await expect(hpkeOpen(jwk, hex(A31.enc), hex(A31.info), hex(A31.ct))).rejects.toThrow();
  });

  it('seals to the vector key so that its private half opens it (empty aad, as Annex C)', async () => {
    const sealed = await hpkeSeal(pk, hex(A31.info), hex(A31.pt));
    expect(sealed.enc).toHaveLength(65);
    expect(Buffer.from(await hpkeOpen(jwk, sealed.enc, hex(A31.info), sealed.cipherText)).toString('hex')).toBe(A31.pt);
  });
});
