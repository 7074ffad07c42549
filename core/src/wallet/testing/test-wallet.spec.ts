// The test wallet against the real flow and verifier: if it drifts from what the verifier accepts, every
// end-to-end test of path E would fail for the wrong reason, so it is checked here on its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import { verifyDeviceResponse } from '../mdoc/verify-device-response.ts';
import { createTestIssuer, staticTrust, testAnchor, type TestIssuer } from '../mdoc/testing/test-issuer.ts';
import { OPENID4VP_TRANSCRIPTS } from '../transcripts.ts';
import { generateDevCertificate, loadVerifierIdentity } from '../verifier-identity.ts';
import { WalletFlowService } from '../wallet-flow.service.ts';
import {
  answerDcApi,
  answerDcApiRequest,
  answerQrRequest,
  parseDeepLink,
  readDeviceRequest,
  readEncryptionInfo,
  requestedElement,
  readRequestObject,
} from './test-wallet.ts';

let issuer: TestIssuer;
let service: WalletFlowService;

beforeAll(async () => {
  issuer = await createTestIssuer();
  const { certPem, keyPem } = await generateDevCertificate('id.example');
  service = new WalletFlowService({
    kv: new MemoryKeyValueStore(),
    identity: await loadVerifierIdentity(certPem, keyPem, true),
    trust: staticTrust([testAnchor(issuer)]),
    verify: verifyDeviceResponse,
    transcripts: OPENID4VP_TRANSCRIPTS,
    sink: { passed: async () => undefined, failed: async () => undefined },
    walletBaseUrl: 'https://id.example/wallet/v1',
    transactionTtlMs: 180_000,
    clockSkewMs: 60_000,
  });
});

describe('test wallet', () => {
  it('answers a DC API request the verifier accepts, with the gate the query asks', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'dc', minAge: 21, channel: 'dc_api', origin: 'https://shop.example' });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const entry = start.dcApiRequests[0]!;
    expect(requestedElement(await readRequestObject(String(entry.data.request)))).toBe('age_over_21');
    const answer = await answerDcApiRequest(entry, { issuer });
    const outcome = await service.acceptDcApi({
      tenantId: 't',
      sessionId: 'dc',
      transactionId: start.transactionId,
      origin: 'https://shop.example',
      ...answer,
    });
    expect(outcome).toEqual({ passed: true });
  });

  it('answers the first protocol it speaks, or the Annex C entry of the same call when told to prefer it', async () => {
    const accept = async (sessionId: string, prefer?: 'org-iso-mdoc') => {
      const start = await service.start({ tenantId: 't', sessionId, minAge: 18, channel: 'dc_api', origin: 'https://shop.example' });
      if (start.channel !== 'dc_api') throw new Error('channel');
      const answer = await answerDcApi(start.dcApiRequests, { issuer, origin: 'https://shop.example', preferProtocol: prefer });
      const outcome = await service.acceptDcApi({ tenantId: 't', sessionId, transactionId: start.transactionId, origin: 'https://shop.example', ...answer });
      return { protocol: answer.protocol, outcome, iso: start.dcApiRequests[1]! };
    };
    expect(await accept('default')).toMatchObject({ protocol: 'openid4vp-v1-signed', outcome: { passed: true } });
    const { protocol, outcome, iso } = await accept('iso', 'org-iso-mdoc');
    expect({ protocol, outcome }).toEqual({ protocol: 'org-iso-mdoc', outcome: { passed: true } });
    const request = readDeviceRequest(String(iso.data.deviceRequest));
    expect(request.docRequests.map((r) => [r.doctype, Object.fromEntries(r.elements), r.readerAuth])).toEqual([
      ['eu.europa.ec.av.1', { age_over_18: false }, false],
      ['eu.europa.ec.eudi.pid.1', { age_over_18: false }, false],
    ]);
    expect(readEncryptionInfo(String(iso.data.encryptionInfo)).nonce).toHaveLength(16);
    await expect(answerDcApiRequest(iso, { issuer })).rejects.toThrow(/names no origin/);
  });

  it('answers a QR request with the PID, and its deep link names the request_uri', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'qr', minAge: 18, channel: 'direct_post' });
    if (start.channel !== 'direct_post') throw new Error('channel');
    expect(parseDeepLink(start.deepLink)).toMatchObject({ requestUri: start.requestUri, requestUriMethod: 'post' });
    const { form } = await answerQrRequest(await service.requestObject(start.transactionId), { issuer, usePid: true });
    expect(await service.acceptDirectPost(start.transactionId, form.get('response'))).toEqual({ passed: true });
  });

  it('a negative switch makes the verifier refuse (wrong nonce)', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'bad', minAge: 18, channel: 'direct_post' });
    const { form } = await answerQrRequest(await service.requestObject(start.transactionId), { issuer, nonce: 'other' });
    await expect(service.acceptDirectPost(start.transactionId, form.get('response'))).rejects.toMatchObject({ code: 'WALLET_DEVICE_AUTH_INVALID' });
  });
});
