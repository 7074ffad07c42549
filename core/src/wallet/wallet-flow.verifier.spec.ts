// Both channels end to end inside core with the real parts: the mdoc DeviceResponse verifier, the CBOR
// OpenID4VP session transcripts and a test wallet holding an mdoc from a test issuer. Only the trust source
// is a static list here (the trusted-list loader has its own tests).
import { createHash, X509Certificate } from 'node:crypto';
import { CompactEncrypt, calculateJwkThumbprint, decodeProtectedHeader, importJWK, importX509, jwtVerify, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import type { DeviceResponseVerdict } from './contracts.ts';
import { verifyDeviceResponse } from './mdoc/verify-device-response.ts';
import { dcApiSessionTranscript, redirectSessionTranscript } from './mdoc/session-transcript.ts';
import { createTestDeviceResponse, createTestIssuer, staticTrust, testAnchor, type TestIssuer } from './mdoc/testing/test-issuer.ts';
import { OPENID4VP_TRANSCRIPTS } from './transcripts.ts';
import { generateDevCertificate, loadVerifierIdentity } from './verifier-identity.ts';
import { WalletFlowService } from './wallet-flow.service.ts';
import type { WalletTransaction } from './transaction-store.ts';

const ORIGIN = 'https://shop.example';
let issuer: TestIssuer;
let service: WalletFlowService;
const passed: DeviceResponseVerdict[] = [];
const failed: string[] = [];

beforeAll(async () => {
  issuer = await createTestIssuer();
  const { certPem, keyPem } = await generateDevCertificate('id.example');
  service = new WalletFlowService({
    kv: new MemoryKeyValueStore(),
    identity: await loadVerifierIdentity(certPem, keyPem, true),
    trust: staticTrust([testAnchor(issuer)]),
    verify: verifyDeviceResponse,
    transcripts: OPENID4VP_TRANSCRIPTS,
    sink: { passed: async (_tx: WalletTransaction, v) => void passed.push(v), failed: async (_tx, code) => void failed.push(code) },
    walletBaseUrl: 'https://id.example/v1/wallet',
    transactionTtlMs: 180_000,
    clockSkewMs: 60_000,
  });
});

async function read(jwt: string): Promise<Record<string, any>> {
  const x5c = decodeProtectedHeader(jwt).x5c![0]!;
  const { payload } = await jwtVerify(jwt, await importX509(new X509Certificate(Buffer.from(x5c, 'base64')).toString(), 'ES256'));
  expect(payload.client_id).toBe(`x509_hash:${createHash('sha256').update(Buffer.from(x5c, 'base64')).digest('base64url')}`);
  return payload as Record<string, any>;
}

async function seal(request: Record<string, any>, body: unknown): Promise<string> {
  const pub = request.client_metadata.jwks.keys[0] as JWK;
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: pub.kid })
    .encrypt(await importJWK(pub, 'ECDH-ES'));
}

const thumb = async (request: Record<string, any>) =>
  new Uint8Array(Buffer.from(await calculateJwkThumbprint(request.client_metadata.jwks.keys[0], 'sha256'), 'base64url'));
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');

describe('path E with the real mdoc verifier', () => {
  it('QR: request_uri → DeviceResponse over the redirect handover → pass with age_over_18', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'qr', minAge: 18, channel: 'direct_post' });
    const request = await read(await service.requestObject(start.transactionId));
    const sessionTranscript = redirectSessionTranscript({
      clientId: request.client_id,
      nonce: request.nonce,
      jwkThumbprint: await thumb(request),
      responseUri: request.response_uri,
    });
    const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, disclose: ['age_over_18'] });
    const response = await seal(request, { vp_token: { av: [b64(deviceResponse)] }, state: request.state });
    expect(await service.acceptDirectPost(start.transactionId, response)).toEqual({ passed: true });
    expect(passed.at(-1)).toMatchObject({ doctype: 'eu.europa.ec.av.1', ageOver: 18, issuerCountry: 'UT' });
  });

  it('DC API: a PID presented over the DC API handover passes', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'dc', minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const request = await read(start.dcApiRequests[0]!.data.request as string);
    const sessionTranscript = dcApiSessionTranscript({ origin: ORIGIN, nonce: request.nonce, jwkThumbprint: await thumb(request) });
    const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, doctype: 'eu.europa.ec.eudi.pid.1', disclose: ['age_over_18'] });
    const data = { response: await seal(request, { vp_token: { pid: [b64(deviceResponse)] } }) };
    expect(
      await service.acceptDcApi({ tenantId: 't', sessionId: 'dc', transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data }),
    ).toEqual({ passed: true });
  });

  it('wrong nonce: a DeviceResponse signed over another nonce fails the device signature', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'nonce', minAge: 18, channel: 'direct_post' });
    const request = await read(await service.requestObject(start.transactionId));
    const sessionTranscript = redirectSessionTranscript({
      clientId: request.client_id,
      nonce: 'another',
      jwkThumbprint: await thumb(request),
      responseUri: request.response_uri,
    });
    const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, disclose: ['age_over_18'] });
    const response = await seal(request, { vp_token: { av: [b64(deviceResponse)] }, state: request.state });
    const err = await service.acceptDirectPost(start.transactionId, response).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'WALLET_DEVICE_AUTH_INVALID' });
    expect(failed.at(-1)).toBe('WALLET_DEVICE_AUTH_INVALID');
  });

  it('wrong origin: a DC API presentation made for another origin fails', async () => {
    const start = await service.start({ tenantId: 't', sessionId: 'origin', minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const request = await read(start.dcApiRequests[0]!.data.request as string);
    const sessionTranscript = dcApiSessionTranscript({ origin: 'https://evil.example', nonce: request.nonce, jwkThumbprint: await thumb(request) });
    const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, disclose: ['age_over_18'] });
    const data = { response: await seal(request, { vp_token: { av: [b64(deviceResponse)] } }) };
    const err = await service
      .acceptDcApi({ tenantId: 't', sessionId: 'origin', transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'WALLET_DEVICE_AUTH_INVALID' });
  });
});
