import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answerDcApi,
  answerDcApiRequest,
  answerQrRequest,
  buildSignedTestLists,
  createTestIssuer,
  parseDeepLink,
  presentOverQr,
  serveTestLists,
  type TestIssuer,
  type TestListServer,
  type TestWalletOptions,
} from '@idgate/core/testing';
import { createLogger } from '@idgate/platform';
import { BACKENDS, CALLBACK, init, startTestService, tokenFromRedirect, type Backend, type TestService } from '../src/index.ts';
import { everyRowAsText, sql } from '../src/document-flows.ts';
import { freePort } from '../oauth/browser.ts';
import { Receiver } from '../webhooks/support/receiver.ts';
import { createEndpoint } from '../webhooks/support/webhooks.ts';

type Tenant = Awaited<ReturnType<TestService['createTenant']>>;
type Reply = { status: number; body: any; headers: Headers; text: string };

const DAY = 24 * 3600_000;

/**
 * Path E end to end over HTTP (docs/wallet.md; RELIABILITY C-VP-1…5): a test EU wallet (the one external
 * boundary, speaking OpenID4VP on the wire) answers transactions the widget opens, by QR (request_uri and
 * response_uri over real HTTP) and through the DC API route. Trust comes from our own signed lists served by
 * local HTTP servers: a LOTL → national list naming the test issuer's IACA as a PID provider and a 119 602 list
 * naming it as an age-verification provider (granted), and another 119 602 list naming a second issuer as
 * withdrawn. The service generates its own development verifier certificate into DATA_DIR.
 */
describe.each(BACKENDS)('EU wallet path E on $name', (backend: Backend) => {
  let svc: TestService;
  let origin: string;
  let dataDir: string;
  let issuer: TestIssuer;
  let withdrawnIssuer: TestIssuer;
  let strangerIssuer: TestIssuer;
  let granted: TestListServer;
  let withdrawn: TestListServer;
  let receiver: Receiver;
  let shop: Tenant;
  let other: Tenant;
  const logs: string[] = [];
  /** Every encrypted response the test wallet posted in this file, passed or refused (for the privacy scan). */
  const postedResponses: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'idgate-wallet-'));
    [issuer, withdrawnIssuer, strangerIssuer] = await Promise.all([createTestIssuer(), createTestIssuer({ country: 'XW' }), createTestIssuer()]);
    [granted, withdrawn] = await Promise.all([serveTestLists(), serveTestLists()]);
    const grantedLists = await buildSignedTestLists({ iacaCertificates: [issuer.iaca.certificateDer], baseUrl: granted.origin });
    const withdrawnLists = await buildSignedTestLists({ iacaCertificates: [withdrawnIssuer.iaca.certificateDer], baseUrl: withdrawn.origin, withdrawn: true });
    for (const [path, body] of Object.entries(grantedLists.files)) granted.files.set(path, body);
    for (const [path, body] of Object.entries(withdrawnLists.files)) withdrawn.files.set(path, body);
    const lotlSigners = join(dataDir, 'lotl-signers.pem');
    const loteSigners = join(dataDir, 'lote-signers.pem');
    writeFileSync(lotlSigners, grantedLists.lotlSigner.pem);
    writeFileSync(loteSigners, grantedLists.loteSigner.pem + '\n' + withdrawnLists.loteSigner.pem);
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        logs.push(String(chunk));
        done();
      },
    });
    svc = await startTestService(
      backend,
      {
        PORT: String(port),
        BASE_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'trace',
        RATE_LIMIT_WIDGET_PER_MINUTE: '100000',
        RATE_LIMIT_INIT_PER_MINUTE: '100000',
        WALLET_TRUST_LOTL_URL: `${granted.origin}${grantedLists.lotlPath}`,
        WALLET_TRUST_LOTL_SIGNERS: lotlSigners,
        WALLET_TRUST_LISTS_119602: `${granted.origin}${grantedLists.lotePath},${withdrawn.origin}${withdrawnLists.lotePath}`,
        WALLET_TRUST_119602_SIGNERS: loteSigners,
      },
      createLogger({ level: 'trace', component: 'test', destination: sink }),
    );
    // The test issuers, lists and the verifier certificate are made at the real time; the service clock follows.
    svc.clock.set(new Date());
    // Background jobs are off in tests: load the lists as the refresh job would at start.
    await svc.core.container.walletTrust!.refresh();
    expect(svc.core.container.walletTrust!.state()).toMatchObject({ loaded: true, stale: false });
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();
    [shop, other] = [await svc.createTenant(), await svc.createTenant()];
    await createEndpoint(svc, { tenant_id: shop.tenant_id, url: `${receiver.url}/hooks` });
  }, 60_000);

  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await svc?.close();
    await receiver?.close();
    await granted?.close();
    await withdrawn?.close();
  });

  // Every test gets a fresh rate-limit minute (the limits are per minute of the service clock).
  beforeEach(() => svc.clock.advance(61_000));

  const wallet = (ws: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    svc.http(method, `/verify/v1/widget/session/wallet${path}`, { body, headers: { 'x-widget-session': ws, ...headers } });
  const progress = async (ws: string) => (await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': ws } })).body.data;
  const pathRuleOf = async (ws: string) =>
    (await sql(svc, 'select path_rule from sessions where widget_token_hash = $1', [createHash('sha256').update(ws).digest('hex')]))[0]?.path_rule;
  const month = () => svc.clock.now().toISOString().slice(0, 7);
  const billed = async (t: Tenant) =>
    (await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}/ledger?month=${month()}`)).lines.find((l: { kind: string }) => l.kind === 'verification')
      ?.count ?? 0;
  /** A fresh age-gated session at `t`; `start` is the widget start body's extra fields. */
  const session = async (t: Tenant = shop, start: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const i = await init(svc, t.secret_key);
    expect(i.status, i.text).toBe(200);
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token, ...start }, headers });
    expect(s.status, s.text).toBe(200);
    return { ws: s.body.data.widget_session as string, state: s.body.data };
  };
  const qrTransaction = async (t: Tenant = shop) => {
    const { ws } = await session(t);
    const started = await wallet(ws, 'POST', '', { channel: 'qr' });
    expect(started.status, started.text).toBe(200);
    return { ws, txId: started.body.data.transaction_id as string, deepLink: started.body.data.qr.deep_link as string };
  };
  const dcApiTransaction = async (t: Tenant = shop) => {
    const { ws } = await session(t, { wallet: true });
    const started = await wallet(ws, 'POST', '', { channel: 'dc_api' }, { origin });
    expect(started.status, started.text).toBe(200);
    return {
      ws,
      txId: started.body.data.transaction_id as string,
      requests: started.body.data.dc_api.requests as { protocol: string; data: Record<string, unknown> }[],
    };
  };
  const walletOpts = (o: Partial<TestWalletOptions> = {}): TestWalletOptions => ({ issuer, now: svc.clock.now(), ...o });
  /** The wallet's side of a QR transaction by hand: fetch the request object, build the answer, post it when asked. */
  const qrAnswer = async (deepLink: string, o: Partial<TestWalletOptions> = {}) => {
    const link = parseDeepLink(deepLink);
    const fetched = await fetch(link.requestUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wallet_nonce=wn-1',
    });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toMatch(/^application\/oauth-authz-req\+jwt/);
    const { request, form } = await answerQrRequest(await fetched.text(), walletOpts(o));
    postedResponses.push(form.get('response')!);
    const post = async (): Promise<Reply> => {
      const res = await fetch(String(request.response_uri), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers, text };
    };
    return { request, form, post };
  };
  /** A QR presentation that fails with `code`, and the session that must not have moved. */
  const failsOverQr = async (o: Partial<TestWalletOptions>, status: number, code: string) => {
    const { ws, txId, deepLink } = await qrTransaction();
    const before = await progress(ws);
    const answered = await (await qrAnswer(deepLink, o)).post();
    expect(answered.status, answered.text).toBe(status);
    expect(answered.body.error.code).toBe(code);
    const st = await wallet(ws, 'GET', `/${txId}`);
    expect(st.body.data).toMatchObject({ state: 'failed', code, session: { session_status: 'in_progress', step: before.step, path: before.path } });
    expect(await progress(ws)).toMatchObject({ session_status: 'in_progress', step: before.step, path: before.path, wallet_offered: true });
  };

  it('QR pass: chosen on path A, polled to success; result record, webhook and one billed Verification', async () => {
    const tenant = await svc.createTenant();
    await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/qr-pass` });
    const { ws, state } = await session(tenant);
    expect(state).toMatchObject({ path: 'A', step: 'face_capture', wallet_offered: true });
    const started = await wallet(ws, 'POST', '', { channel: 'qr' });
    expect(started.status, started.text).toBe(200);
    const { transaction_id: txId, qr } = started.body.data;
    expect(qr.deep_link).toMatch(/^openid4vp:\/\/\?client_id=x509_hash%3A.+&request_uri=.+&request_uri_method=post$/);
    expect(qr.request_uri).toBe(`${origin}/wallet/v1/request/${txId}`);
    expect((await wallet(ws, 'GET', `/${txId}`)).body.data).toMatchObject({ state: 'pending', session: { session_status: 'in_progress' } });

    const presented = await presentOverQr(qr.deep_link, walletOpts());
    expect(presented.status, JSON.stringify(presented.body)).toBe(200);
    expect(presented.body).toEqual({});
    // C-VP-1: the QR request is direct_post.jwt and only asks for age_over_18 (C-VP-4).
    expect(presented.request.response_mode).toBe('direct_post.jwt');
    expect(JSON.stringify(presented.request.dcql_query)).not.toMatch(/birth|name/);

    const polled = await wallet(ws, 'GET', `/${txId}`);
    expect(polled.body.data).toMatchObject({ state: 'passed', session: { session_status: 'success', path: 'E', step: 'done' } });
    expect(polled.headers.getSetCookie().join()).toMatch(/^idgate_wallet=1; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const redirect = polled.body.data.session.redirect_url as string;
    expect(redirect.startsWith(`${CALLBACK}?`)).toBe(true);

    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(redirect)}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toMatchObject({
      status: 'success',
      verified: true,
      verification_type: 'wallet',
      checks: { eu_wallet: { performed: true, passed: true }, age: { performed: true, passed: true, gate: 18 }, liveness: { performed: false } },
    });
    expect(result.body.data).not.toHaveProperty('risk');
    await receiver.waitFor(() => receiver.requests.some((r) => r.path === '/qr-pass' && r.headers['x-service-event'] === 'session.success'));
    const hook = JSON.parse(receiver.requests.find((r) => r.path === '/qr-pass' && r.headers['x-service-event'] === 'session.success')!.raw);
    expect(hook.data).toMatchObject({ verification_type: 'wallet', checks: { eu_wallet: { performed: true, passed: true } } });
    expect(hook.data).not.toHaveProperty('risk');
    expect(await billed(tenant)).toBe(1);
    expect(await pathRuleOf(ws)).toBe('wallet:chosen_on_A');
  });

  it('DC API pass over HTTP: routed to E by the start hint, answered with the Origin header, the hint cookie routes the next start', async () => {
    const tenant = await svc.createTenant();
    const { ws, state } = await session(tenant, { wallet: true });
    expect(state).toMatchObject({ path: 'E', step: 'wallet_required', wallet_offered: true });
    const started = await wallet(ws, 'POST', '', { channel: 'dc_api' }, { origin });
    expect(started.status, started.text).toBe(200);
    const { transaction_id: txId, dc_api } = started.body.data;
    // OpenID4VP first, ISO/IEC 18013-7 Annex C beside it (the platform lets the wallet pick).
    expect(dc_api.requests.map((r: { protocol: string }) => r.protocol)).toEqual(['openid4vp-v1-signed', 'org-iso-mdoc']);
    // The PID this time: its issuer is trusted through the LOTL's national list (the AV attestation through the 119 602 list).
    const answer = await answerDcApiRequest(dc_api.requests[0], walletOpts({ usePid: true }));
    const res = await wallet(ws, 'POST', `/${txId}/response`, answer, { origin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ session_status: 'success', path: 'E', step: 'done' });
    expect(res.body.data.redirect_url).toContain('status=success');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('idgate_wallet=1'));
    expect(cookie).toBeDefined();
    expect(await billed(tenant)).toBe(1);
    expect(await pathRuleOf(ws)).toBe('wallet_available');
    // The first-party hint alone routes the next session to E.
    const next = await session(tenant, {}, { cookie: 'idgate_wallet=1' });
    expect(next.state).toMatchObject({ path: 'E', step: 'wallet_required' });
  });

  it('DC API pass with ISO/IEC 18013-7 Annex C (org-iso-mdoc) over HTTP', async () => {
    const { ws, txId, requests } = await dcApiTransaction();
    const answer = await answerDcApi(requests, walletOpts({ preferProtocol: 'org-iso-mdoc', origin }));
    expect(answer.protocol).toBe('org-iso-mdoc');
    const res = await wallet(ws, 'POST', `/${txId}/response`, answer, { origin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ session_status: 'success', path: 'E' });
  });

  it('decline from wallet_required: the rules path without a wallet (A) with a fresh nonce', async () => {
    const { ws } = await session(shop, { wallet: true });
    const declined = await wallet(ws, 'POST', '/decline');
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.data).toMatchObject({ session_status: 'in_progress', path: 'A', step: 'face_capture', wallet_offered: true });
    expect(declined.body.data.nonce).toMatch(/^xdn_/);
    expect((await wallet(ws, 'POST', '/decline')).body.error.code).toBe('SESSION_STATE_CONFLICT');
  });

  it('only an age-gated automatic age verification may use the wallet: others ignore the hint and are refused 409', async () => {
    const i = await init(svc, shop.secret_key, { verification_mode: 'document' });
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token, wallet: true } });
    expect(s.body.data).toMatchObject({ path: 'B', wallet_offered: false });
    const start = await wallet(s.body.data.widget_session, 'POST', '', { channel: 'qr' });
    expect(start.status).toBe(409);
    expect(start.body.error.code).toBe('SESSION_STATE_CONFLICT');
  });

  it('the development verifier certificate is generated once into DATA_DIR/wallet/ and is the client_id', async () => {
    expect(existsSync(join(dataDir, 'wallet', 'dev-verifier.crt.pem'))).toBe(true);
    const { deepLink } = await qrTransaction();
    const der = new X509Certificate(readFileSync(join(dataDir, 'wallet', 'dev-verifier.crt.pem'))).raw;
    expect(parseDeepLink(deepLink).clientId).toBe(`x509_hash:${createHash('sha256').update(der).digest('base64url')}`);
  });

  describe('negative matrix (RELIABILITY 7)', () => {
    it('C-VP-3 wrong nonce: a presentation bound to another nonce is refused, the session stays', async () => {
      await failsOverQr({ nonce: 'not-the-transaction-nonce' }, 400, 'WALLET_DEVICE_AUTH_INVALID');
    });

    it('C-VP-3 replayed response: the same answer a second time is WALLET_TRANSACTION_ANSWERED', async () => {
      const { ws, deepLink } = await qrTransaction();
      const answer = await qrAnswer(deepLink);
      expect((await answer.post()).status).toBe(200);
      const replay = await answer.post();
      expect(replay.status).toBe(409);
      expect(replay.body.error.code).toBe('WALLET_TRANSACTION_ANSWERED');
      expect(await progress(ws)).toMatchObject({ session_status: 'success' });
    });

    it('C-VP-3 expired transaction: past WALLET_TRANSACTION_TTL_SECONDS the answer is WALLET_TRANSACTION_EXPIRED', async () => {
      const { ws, txId, deepLink } = await qrTransaction();
      const answer = await qrAnswer(deepLink);
      svc.clock.advance(301_000);
      const late = await answer.post();
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe('WALLET_TRANSACTION_EXPIRED');
      expect((await wallet(ws, 'GET', `/${txId}`)).body.data).toMatchObject({ state: 'expired', session: { session_status: 'in_progress' } });
      const refetch = await fetch(parseDeepLink(deepLink).requestUri, { method: 'POST' });
      expect(refetch.status).toBe(410);
    });

    it('C-VP-1 wrong origin: a DC API start or answer from a page that is not the widget is WALLET_ORIGIN_MISMATCH', async () => {
      const { ws } = await session(shop, { wallet: true });
      const start = await wallet(ws, 'POST', '', { channel: 'dc_api' }, { origin: 'https://evil.example' });
      expect(start.status).toBe(400);
      expect(start.body.error.code).toBe('WALLET_ORIGIN_MISMATCH');
      expect((await wallet(ws, 'POST', '', { channel: 'dc_api' })).body.error.code).toBe('WALLET_ORIGIN_MISMATCH');
      const { ws: ws2, txId, requests } = await dcApiTransaction();
      const answer = await answerDcApiRequest(requests[0], walletOpts());
      const posted = await wallet(ws2, 'POST', `/${txId}/response`, answer, { origin: 'https://evil.example' });
      expect(posted.status).toBe(400);
      expect(posted.body.error.code).toBe('WALLET_ORIGIN_MISMATCH');
      // A wallet that built the response for another origin fails the device signature over our transcript.
      const forged = await answerDcApiRequest(requests[0], walletOpts({ origin: 'https://evil.example' }));
      const refused = await wallet(ws2, 'POST', `/${txId}/response`, forged, { origin });
      expect(refused.body.error.code).toBe('WALLET_DEVICE_AUTH_INVALID');
      expect(await progress(ws2)).toMatchObject({ session_status: 'in_progress', step: 'wallet_required' });
    });

    it('C-VP-2 an IACA not on the lists: WALLET_ISSUER_UNTRUSTED', async () => {
      await failsOverQr({ issuer: strangerIssuer }, 400, 'WALLET_ISSUER_UNTRUSTED');
    });

    it('C-VP-2 an issuer withdrawn from the list: WALLET_ISSUER_WITHDRAWN', async () => {
      await failsOverQr({ issuer: withdrawnIssuer }, 400, 'WALLET_ISSUER_WITHDRAWN');
    });

    it('C-VP-2 tampered item digest: WALLET_DIGEST_MISMATCH', async () => {
      await failsOverQr({ tamperDigest: true }, 400, 'WALLET_DIGEST_MISMATCH');
    });

    it('C-VP-2 expired MSO: WALLET_MSO_NOT_VALID', async () => {
      const now = svc.clock.now().getTime();
      await failsOverQr(
        { signed: new Date(now - 40 * DAY), validFrom: new Date(now - 40 * DAY), validUntil: new Date(now - 10 * DAY) },
        400,
        'WALLET_MSO_NOT_VALID',
      );
    });

    it('C-VP-2 deviceMac instead of a device signature: WALLET_DEVICE_MAC_REFUSED', async () => {
      await failsOverQr({ deviceMac: true }, 400, 'WALLET_DEVICE_MAC_REFUSED');
    });

    it('C-VP-4 age_over_18 missing: WALLET_AGE_NOT_PROVEN, no decision, nothing billed', async () => {
      const tenant = await svc.createTenant();
      const { ws, deepLink } = await qrTransaction(tenant);
      const answered = await (await qrAnswer(deepLink, { elements: { age_over_21: true } })).post();
      expect(answered.body.error.code).toBe('WALLET_AGE_NOT_PROVEN');
      expect(await progress(ws)).toMatchObject({ session_status: 'in_progress', step: 'face_capture' });
      expect(await billed(tenant)).toBe(0);
    });

    it('C-VP-4 age_over_18 false: WALLET_AGE_BELOW_GATE, the session fails age_below_threshold, billed once', async () => {
      const tenant = await svc.createTenant();
      const { ws, txId, deepLink } = await qrTransaction(tenant);
      const answered = await (await qrAnswer(deepLink, { elements: { age_over_18: false } })).post();
      expect(answered.status).toBe(422);
      expect(answered.body.error.code).toBe('WALLET_AGE_BELOW_GATE');
      const st = await wallet(ws, 'GET', `/${txId}`);
      expect(st.body.data).toMatchObject({ state: 'failed', code: 'WALLET_AGE_BELOW_GATE', session: { session_status: 'failed', path: 'E' } });
      expect(st.headers.getSetCookie()).toEqual([]);
      const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(st.body.data.session.redirect_url)}`, {
        headers: { 'x-api-key': tenant.secret_key },
      });
      expect(result.body.data).toMatchObject({
        status: 'failed',
        verification_type: 'wallet',
        reason: 'age_below_threshold',
        checks: { eu_wallet: { performed: true, passed: true }, age: { performed: true, passed: false } },
      });
      expect(await billed(tenant)).toBe(1);
    });

    it('C-VP-4 age_over_18 false through the DC API: 200 with the failed session', async () => {
      const { ws, txId, requests } = await dcApiTransaction();
      const answer = await answerDcApiRequest(requests[0], walletOpts({ elements: { age_over_18: false } }));
      const res = await wallet(ws, 'POST', `/${txId}/response`, answer, { origin });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ session_status: 'failed', reason: 'age_below_threshold', path: 'E' });
    });

    it('C-VP-1 response mode: a DC API transaction at request_uri or response_uri, a QR one on the DC API route', async () => {
      const dc = await dcApiTransaction();
      const fetched = await svc.http('POST', `/wallet/v1/request/${dc.txId}`, {
        rawBody: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(fetched.status).toBe(400);
      expect(fetched.body.error.code).toBe('WALLET_RESPONSE_MODE_MISMATCH');
      const dcAnswer = await answerDcApiRequest(dc.requests[0], walletOpts());
      const direct = await svc.http('POST', `/wallet/v1/response/${dc.txId}`, {
        rawBody: new URLSearchParams({ response: dcAnswer.data.response }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(direct.body.error.code).toBe('WALLET_RESPONSE_MODE_MISMATCH');
      // Neither refusal spent the transaction: the DC API answer still passes.
      expect((await wallet(dc.ws, 'POST', `/${dc.txId}/response`, dcAnswer, { origin })).body.data.session_status).toBe('success');

      const qr = await qrTransaction();
      const answer = await qrAnswer(qr.deepLink);
      const viaDcApi = await wallet(
        qr.ws,
        'POST',
        `/${qr.txId}/response`,
        { protocol: 'openid4vp-v1-signed', data: { response: answer.form.get('response') } },
        { origin },
      );
      expect(viaDcApi.status).toBe(400);
      expect(viaDcApi.body.error.code).toBe('WALLET_RESPONSE_MODE_MISMATCH');
      expect((await answer.post()).status).toBe(200);
    });

    it("C-VP-5 another tenant's transaction: 404 WALLET_TRANSACTION_NOT_FOUND and nothing changes", async () => {
      const mine = await qrTransaction(shop);
      const theirs = await session(other);
      const answer = await qrAnswer(mine.deepLink);
      const peek = await wallet(theirs.ws, 'GET', `/${mine.txId}`);
      expect(peek.status).toBe(404);
      expect(peek.body.error.code).toBe('WALLET_TRANSACTION_NOT_FOUND');
      const post = await wallet(
        theirs.ws,
        'POST',
        `/${mine.txId}/response`,
        { protocol: 'openid4vp-v1-signed', data: { response: answer.form.get('response') } },
        { origin },
      );
      expect(post.status).toBe(404);
      expect(post.body.error.code).toBe('WALLET_TRANSACTION_NOT_FOUND');
      // The other session of the same tenant is no owner either.
      const sibling = await session(shop);
      expect((await wallet(sibling.ws, 'GET', `/${mine.txId}`)).status).toBe(404);
      expect(await progress(theirs.ws)).toMatchObject({ session_status: 'in_progress' });
      expect((await wallet(mine.ws, 'GET', `/${mine.txId}`)).body.data.state).toBe('pending');
      expect((await answer.post()).status).toBe(200);
    });

    it('wallet declined (error=access_denied): WALLET_DECLINED, the session stays', async () => {
      const { ws, deepLink } = await qrTransaction();
      const declined = await presentOverQr(deepLink, { ...walletOpts(), decline: true });
      expect(declined.status).toBe(400);
      expect((declined.body as any).error.code).toBe('WALLET_DECLINED');
      expect(await progress(ws)).toMatchObject({ session_status: 'in_progress', step: 'face_capture' });
    });

    it('rate limit: the 61st widget call in a minute on one session, and the 61st wallet call on one transaction, are 429 RATE_LIMITED', async () => {
      const { ws, txId } = await qrTransaction();
      // The start above was the first call of this minute on this widget session.
      for (let i = 0; i < 59; i++) expect((await wallet(ws, 'GET', `/${txId}`)).status).toBe(200);
      const over = await wallet(ws, 'GET', `/${txId}`);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe('RATE_LIMITED');
      svc.clock.advance(61_000);
      const requestUri = `/wallet/v1/request/${txId}`;
      for (let i = 0; i < 60; i++) expect((await svc.http('GET', requestUri)).status).toBe(200);
      const tooMany = await svc.http('GET', requestUri);
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.error.code).toBe('RATE_LIMITED');
    });

    it('privacy (C-VP-4): after a pass no table and no log line holds the credential, the nonce or the response key', async () => {
      const { txId, deepLink } = await qrTransaction();
      const answer = await qrAnswer(deepLink);
      expect((await answer.post()).status).toBe(200);
      const secrets = {
        jwe: answer.form.get('response')!,
        nonce: String(answer.request.nonce),
        responseKeyX: String(answer.request.client_metadata.jwks.keys[0]!.x),
        documentSigner: Buffer.from(issuer.documentSigner.certificateDer).toString('base64'),
        documentSignerUrl: Buffer.from(issuer.documentSigner.certificateDer).toString('base64url').slice(20, 80),
        documentSignerHex: Buffer.from(issuer.documentSigner.certificateDer).toString('hex').slice(40, 160),
      };
      const rows = await everyRowAsText(svc);
      const logText = logs.join('');
      expect(logText.length).toBeGreaterThan(1000);
      expect(postedResponses.length).toBeGreaterThan(10);
      for (const [i, jwe] of postedResponses.entries()) {
        expect(rows.includes(jwe), `posted response ${i} in the database`).toBe(false);
        expect(logText.includes(jwe.slice(0, 200)), `posted response ${i} in the logs`).toBe(false);
      }
      for (const [what, value] of Object.entries(secrets)) {
        expect(rows.includes(value), `${what} in the database`).toBe(false);
        expect(logText.includes(value), `${what} in the logs`).toBe(false);
      }
      // The transaction's nonce and key are gone from the key-value store; only the outcome remains.
      expect(await svc.kv.get(`wallet:tx:${txId}`)).toBeNull();
    });

    it('C-VP-2 a stale list past its next update: the wallet start is 503 WALLET_TRUST_LIST_STALE', async () => {
      // Last test: the clock moves past the lists' NextUpdate (7 days) without a refresh.
      svc.clock.advance(8 * DAY);
      const { ws } = await session();
      const start = await wallet(ws, 'POST', '', { channel: 'qr' });
      expect(start.status).toBe(503);
      expect(start.body.error.code).toBe('WALLET_TRUST_LIST_STALE');
      expect(svc.core.container.walletTrust!.state()).toMatchObject({ stale: true });
    });
  });
});

describe('EU wallet path E without a trust source', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(BACKENDS[0], { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('is not offered, the start hint is ignored and the routes answer 503 WALLET_NOT_CONFIGURED', async () => {
    const t = await svc.createTenant();
    const i = await init(svc, t.secret_key);
    const s = await svc.http('POST', '/verify/v1/widget/sessions', {
      body: { token: i.body.data.token, wallet: true },
      headers: { cookie: 'idgate_wallet=1' },
    });
    expect(s.body.data).toMatchObject({ path: 'A', step: 'face_capture' });
    expect(s.body.data.wallet_offered).toBeFalsy();
    const ws = s.body.data.widget_session as string;
    const start = await svc.http('POST', '/verify/v1/widget/session/wallet', { body: { channel: 'qr' }, headers: { 'x-widget-session': ws } });
    expect(start.status).toBe(503);
    expect(start.body.error.code).toBe('WALLET_NOT_CONFIGURED');
    const req = await svc.http('GET', '/wallet/v1/request/abcdefghijklmnopqrstuvwx');
    expect(req.body.error.code).toBe('WALLET_NOT_CONFIGURED');
  });

  it('/openapi.json documents the wallet routes with their error codes', async () => {
    const doc = (await svc.http('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/verify/v1/widget/session/wallet',
        '/verify/v1/widget/session/wallet/decline',
        '/verify/v1/widget/session/wallet/{transaction_id}',
        '/verify/v1/widget/session/wallet/{transaction_id}/response',
        '/wallet/v1/request/{transaction_id}',
        '/wallet/v1/response/{transaction_id}',
      ]),
    );
    expect(doc.paths['/wallet/v1/response/{transaction_id}'].post.responses['400'].description).toContain('WALLET_ISSUER_UNTRUSTED');
    expect(doc.paths['/verify/v1/widget/session/wallet/{transaction_id}'].get.security).toEqual([{ widgetSession: [] }]);
  });
});
