// The flow-level checks of path E, named after RELIABILITY C-VP-1, -3 and -4, with a test wallet that does what
// a real one does on the wire: verifies the signed request object against x5c, encrypts its answer to the
// transaction key (ECDH-ES + A128GCM) and binds the presentation to the transcript it computes itself. The
// DeviceResponse check is a stand-in here that compares transcripts; the mdoc verifier has its own tests.
import { createHash, X509Certificate } from 'node:crypto';
import { CompactEncrypt, calculateJwkThumbprint, decodeProtectedHeader, importJWK, importX509, jwtVerify, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@idgate/protos';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import type { DeviceResponseCheck, DeviceResponseVerdict, IssuerTrust } from './contracts.ts';
import { generateDevCertificate, loadVerifierIdentity, type VerifierIdentity } from './verifier-identity.ts';
import { RESPONSE_MODE, requestClaims } from './request-object.ts';
import { WalletFlowService, type WalletOutcomeSink, type WalletTranscripts } from './wallet-flow.service.ts';
import type { WalletTransaction } from './transaction-store.ts';
import { ageOverQuery } from './dcql-query.ts';

const ORIGIN = 'https://shop.example';
const BASE = 'https://id.example/v1/wallet';
const TTL = 180_000;

/** Stand-in transcripts: any injective encoding works for the flow, the real CBOR ones live in wallet/mdoc. */
const transcripts: WalletTranscripts = {
  redirect: (i) =>
    new TextEncoder().encode(JSON.stringify(['redirect', i.clientId, i.nonce, Buffer.from(i.jwkThumbprint ?? []).toString('hex'), i.responseUri])),
  dcApi: (i) => new TextEncoder().encode(JSON.stringify(['dcapi', i.origin, i.nonce, Buffer.from(i.jwkThumbprint ?? []).toString('hex')])),
};

/** The "DeviceResponse" of the test wallet: the transcript it signed over, so the stand-in verifier can compare. */
const stubVerify = async (c: DeviceResponseCheck): Promise<DeviceResponseVerdict> => {
  if (Buffer.compare(Buffer.from(c.deviceResponse), Buffer.from(c.sessionTranscript)) !== 0) throw new AppError('WALLET_NONCE_MISMATCH');
  return { doctype: c.acceptedDoctypes[0]!, ageOver: c.ageOver, issuerCountry: 'DE' };
};
const trust: IssuerTrust = { current: () => ({ anchors: [], loadedAt: new Date(), nextUpdate: undefined }) };

let identity: VerifierIdentity;
const outcomes: string[] = [];
const sink: WalletOutcomeSink = {
  passed: async (tx: WalletTransaction) => void outcomes.push(`passed:${tx.sessionId}`),
  failed: async (tx: WalletTransaction, code: string) => void outcomes.push(`failed:${tx.sessionId}:${code}`),
};

async function setup(now = { t: Date.now() }) {
  identity ??= await (async () => {
    const { certPem, keyPem } = await generateDevCertificate('id.example');
    return loadVerifierIdentity(certPem, keyPem, true);
  })();
  const kv = new MemoryKeyValueStore({ now: () => now.t });
  const service = new WalletFlowService({
    kv,
    identity,
    trust,
    verify: stubVerify,
    transcripts,
    sink,
    walletBaseUrl: BASE,
    transactionTtlMs: TTL,
    clockSkewMs: 0,
    now: () => now.t,
  });
  return { kv, service, now };
}

/** Verifies a request object as a wallet does: signature by the x5c leaf, client_id = its x509_hash. */
async function walletReadsRequest(jwt: string) {
  const header = decodeProtectedHeader(jwt);
  expect(header.typ).toBe('oauth-authz-req+jwt');
  const leafPem = new X509Certificate(Buffer.from(header.x5c![0]!, 'base64')).toString();
  const { payload } = await jwtVerify(jwt, await importX509(leafPem, 'ES256'));
  const hash = createHash('sha256').update(Buffer.from(header.x5c![0]!, 'base64')).digest('base64url');
  expect(payload.client_id).toBe(`x509_hash:${hash}`);
  return payload as Record<string, any>;
}

async function encryptAnswer(request: Record<string, any>, body: Record<string, unknown>): Promise<string> {
  const pub = request.client_metadata.jwks.keys[0] as JWK;
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: pub.kid })
    .encrypt(await importJWK(pub, 'ECDH-ES'));
}

async function thumbprint(request: Record<string, any>): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from(await calculateJwkThumbprint(request.client_metadata.jwks.keys[0], 'sha256'), 'base64url'));
}

/** The QR wallet: fetch request_uri, answer response_uri. `tamper` changes what it binds to. */
async function qrWalletAnswer(service: WalletFlowService, txId: string, tamper: { nonce?: string } = {}) {
  const request = await walletReadsRequest(await service.requestObject(txId, 'wn-1'));
  const transcript = transcripts.redirect({
    clientId: request.client_id,
    nonce: tamper.nonce ?? request.nonce,
    jwkThumbprint: await thumbprint(request),
    responseUri: request.response_uri,
  });
  return encryptAnswer(request, { vp_token: { av: [Buffer.from(transcript).toString('base64url')] }, state: request.state });
}

async function dcWalletAnswer(jwt: string, origin = ORIGIN) {
  const request = await walletReadsRequest(jwt);
  const transcript = transcripts.dcApi({ origin, nonce: request.nonce, jwkThumbprint: await thumbprint(request) });
  return { response: await encryptAnswer(request, { vp_token: { pid: [Buffer.from(transcript).toString('base64url')] } }) };
}

const session = { tenantId: 't1', sessionId: 's1' };
afterEach(() => void (outcomes.length = 0));

describe('C-VP-4 the request asks for age_over_NN only', () => {
  it('queries age_over_<gate> of the AV attestation or the PID, never retained, nothing else', () => {
    const q = ageOverQuery(18);
    expect(q.credentials.map((c) => [c.id, (c.meta as { doctype_value: string }).doctype_value])).toEqual([
      ['av', 'eu.europa.ec.av.1'],
      ['pid', 'eu.europa.ec.eudi.pid.1'],
    ]);
    expect(q.credential_sets).toEqual([{ options: [['av'], ['pid']], required: true }]);
    const claims = q.credentials.flatMap((c) => (c.claims ?? []) as { path?: unknown[]; intent_to_retain?: boolean }[]);
    expect(claims.map((c) => c.path?.[1])).toEqual(['age_over_18', 'age_over_18']);
    expect(claims.every((c) => c.intent_to_retain === false)).toBe(true);
    expect(JSON.stringify(q)).not.toMatch(/birth|name/);
  });

  it('uses the session gate: min_age 16 asks age_over_18', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 16, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const request = await walletReadsRequest(start.dcApiRequests[0]!.data.request as string);
    expect(JSON.stringify(request.dcql_query)).toContain('age_over_18');
  });
});

describe('C-VP-1 each channel carries only its own response mode', () => {
  it.each(['dc_api', 'direct_post'] as const)('%s request object', async (channel) => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel, origin: ORIGIN });
    const jwt = start.channel === 'dc_api' ? (start.dcApiRequests[0]!.data.request as string) : await service.requestObject(start.transactionId);
    const claims = await walletReadsRequest(jwt);
    expect(claims.response_mode).toBe(RESPONSE_MODE[channel]);
    const text = JSON.stringify(claims);
    if (channel === 'dc_api') {
      expect(text).not.toContain('direct_post');
      expect(claims.response_uri).toBeUndefined();
      expect(claims.expected_origins).toEqual([ORIGIN]);
    } else {
      expect(text).not.toContain('dc_api');
      expect(claims.expected_origins).toBeUndefined();
      expect(claims.response_uri).toBe(`${BASE}/response/${start.transactionId}`);
      expect(claims.wallet_nonce).toBeUndefined();
    }
  });

  it('a DC API transaction has no request_uri and refuses a direct_post answer', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    await expect(service.requestObject(start.transactionId)).rejects.toMatchObject({ code: 'WALLET_RESPONSE_MODE_MISMATCH' });
    await expect(service.acceptDirectPost(start.transactionId, 'a.b.c.d.e')).rejects.toMatchObject({ code: 'WALLET_RESPONSE_MODE_MISMATCH' });
  });

  it('a QR transaction refuses a DC API answer', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const answer = { response: await qrWalletAnswer(service, start.transactionId) };
    await expect(
      service.acceptDcApi({ ...session, transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data: answer }),
    ).rejects.toMatchObject({
      code: 'WALLET_RESPONSE_MODE_MISMATCH',
    });
  });

  it('echoes the wallet_nonce a wallet sent to request_uri', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const claims = await walletReadsRequest(await service.requestObject(start.transactionId, 'wn-2'));
    expect(claims.wallet_nonce).toBe('wn-2');
  });

  it('the DC API claims never carry a response_uri even when one is passed', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const req = await walletReadsRequest(start.dcApiRequests[0]!.data.request as string);
    const tx: WalletTransaction = {
      id: start.transactionId,
      ...session,
      channel: 'dc_api',
      gate: 18,
      nonce: req.nonce,
      origin: ORIGIN,
      responseKey: req.client_metadata.jwks.keys[0],
      expiresAtMs: start.expiresAtMs,
    };
    const claims = requestClaims({ tx, identity, dcql: ageOverQuery(18), responseUri: `${BASE}/response/x`, walletNonce: 'w', nowMs: 0 });
    expect(Object.keys(claims)).not.toContain('response_uri');
    expect(Object.keys(claims)).not.toContain('state');
  });
});

describe('QR flow (direct_post.jwt)', () => {
  it('passes with a bound presentation and reports it to the session and the poller', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    if (start.channel !== 'direct_post') throw new Error('channel');
    expect(start.deepLink).toMatch(/^openid4vp:\/\/\?client_id=x509_hash%3A.+&request_uri=.+&request_uri_method=post$/);
    expect(await service.status({ ...session, transactionId: start.transactionId })).toMatchObject({ state: 'pending' });
    expect(await service.acceptDirectPost(start.transactionId, await qrWalletAnswer(service, start.transactionId))).toEqual({ passed: true });
    expect(await service.status({ ...session, transactionId: start.transactionId })).toEqual({ state: 'passed' });
    expect(outcomes).toEqual(['passed:s1']);
  });

  it('wrong nonce: a presentation bound to another nonce fails and ends the transaction', async () => {
    const { service } = await setup();
    const { transactionId } = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    await expect(service.acceptDirectPost(transactionId, await qrWalletAnswer(service, transactionId, { nonce: 'other' }))).rejects.toMatchObject({
      code: 'WALLET_NONCE_MISMATCH',
    });
    expect(await service.status({ ...session, transactionId })).toEqual({ state: 'failed', code: 'WALLET_NONCE_MISMATCH' });
    expect(outcomes).toEqual(['failed:s1:WALLET_NONCE_MISMATCH']);
  });

  it('replayed response: the second answer is refused, also when both race', async () => {
    const { service } = await setup();
    const { transactionId } = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const jwe = await qrWalletAnswer(service, transactionId);
    const [a, b] = await Promise.allSettled([service.acceptDirectPost(transactionId, jwe), service.acceptDirectPost(transactionId, jwe)]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(((a.status === 'rejected' ? a : b) as PromiseRejectedResult).reason).toMatchObject({ code: 'WALLET_TRANSACTION_ANSWERED' });
    await expect(service.acceptDirectPost(transactionId, jwe)).rejects.toMatchObject({ code: 'WALLET_TRANSACTION_ANSWERED' });
    expect(outcomes).toEqual(['passed:s1']);
  });

  it('expired transaction: an answer after the TTL is refused as expired (C-VP-3)', async () => {
    const { service, now } = await setup();
    const { transactionId } = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const jwe = await qrWalletAnswer(service, transactionId);
    now.t += TTL + 1;
    await expect(service.acceptDirectPost(transactionId, jwe)).rejects.toMatchObject({ code: 'WALLET_TRANSACTION_EXPIRED' });
    await expect(service.requestObject(transactionId)).rejects.toMatchObject({ code: 'WALLET_TRANSACTION_EXPIRED' });
    expect(await service.status({ ...session, transactionId })).toEqual({ state: 'expired' });
  });

  it('a response encrypted to another key is invalid', async () => {
    const { service } = await setup();
    const one = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const two = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    await expect(service.acceptDirectPost(two.transactionId, await qrWalletAnswer(service, one.transactionId))).rejects.toMatchObject({
      code: 'WALLET_RESPONSE_INVALID',
    });
  });
});

describe('DC API flow (dc_api.jwt)', () => {
  it('passes with a presentation bound to the page origin', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    expect(start.dcApiRequests[0]!.protocol).toBe('openid4vp-v1-signed');
    const data = await dcWalletAnswer(start.dcApiRequests[0]!.data.request as string);
    expect(await service.acceptDcApi({ ...session, transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data })).toEqual({
      passed: true,
    });
  });

  it('wrong origin: a post from another origin, or a presentation made for one, fails', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const honest = await dcWalletAnswer(start.dcApiRequests[0]!.data.request as string);
    await expect(
      service.acceptDcApi({ ...session, transactionId: start.transactionId, origin: 'https://evil.example', protocol: 'openid4vp-v1-signed', data: honest }),
    ).rejects.toMatchObject({
      code: 'WALLET_ORIGIN_MISMATCH',
    });
    const forOther = await dcWalletAnswer(start.dcApiRequests[0]!.data.request as string, 'https://evil.example');
    await expect(
      service.acceptDcApi({ ...session, transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data: forOther }),
    ).rejects.toMatchObject({
      code: 'WALLET_NONCE_MISMATCH',
    });
  });

  it("another tenant's transaction reads as unknown", async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const data = await dcWalletAnswer(start.dcApiRequests[0]!.data.request as string);
    const other = { tenantId: 't2', sessionId: 's1', transactionId: start.transactionId };
    await expect(service.acceptDcApi({ ...other, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data })).rejects.toMatchObject({
      code: 'WALLET_TRANSACTION_NOT_FOUND',
    });
    await expect(service.status(other)).rejects.toMatchObject({ code: 'WALLET_TRANSACTION_NOT_FOUND' });
  });

  it('a declined request is reported as declined', async () => {
    const { service } = await setup();
    const start = await service.start({ ...session, minAge: 18, channel: 'dc_api', origin: ORIGIN });
    if (start.channel !== 'dc_api') throw new Error('channel');
    const request = await walletReadsRequest(start.dcApiRequests[0]!.data.request as string);
    const data = { response: await encryptAnswer(request, { error: 'access_denied' }) };
    await expect(
      service.acceptDcApi({ ...session, transactionId: start.transactionId, origin: ORIGIN, protocol: 'openid4vp-v1-signed', data }),
    ).rejects.toMatchObject({ code: 'WALLET_DECLINED' });
  });
});

describe('C-VP-3 nothing of the transaction outlives its answer', () => {
  it('the nonce and the decryption key are deleted when the answer is verified', async () => {
    const { service, kv } = await setup();
    const { transactionId } = await service.start({ ...session, minAge: 18, channel: 'direct_post' });
    const before = await kv.get(`wallet:tx:${transactionId}`);
    expect(before).toContain('"nonce"');
    await service.acceptDirectPost(transactionId, await qrWalletAnswer(service, transactionId));
    expect(await kv.get(`wallet:tx:${transactionId}`)).toBeNull();
    const nonce = (JSON.parse(before!) as WalletTransaction).nonce;
    for (const key of [`wallet:tx:${transactionId}:outcome`, `wallet:tx:${transactionId}:known`, `wallet:tx:${transactionId}:claimed`]) {
      expect((await kv.get(key)) ?? '').not.toContain(nonce);
      expect((await kv.get(key)) ?? '').not.toContain('"d"');
    }
  });
});
