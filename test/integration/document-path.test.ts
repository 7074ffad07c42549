import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, createDecisionClients } from '@idgate/protos';
import { createLogger } from '@idgate/platform';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, pathA, startTestService, testConfig, tokenFromRedirect, type TestService } from '../src/index.ts';
import { blurredImage, facePhoto, passportImage, type TestHolder } from '../src/document-generator.ts';
import { TEST_IP_COUNTRY_DB, documentSession, readResult, verificationsBilled } from '../src/document-flows.ts';

/** A fictional holder whose portrait is obama_1.jpg; obama_2.jpg is the same person's selfie. */
const ADULT: TestHolder = {
  surname: 'Quixano',
  givenNames: 'Alonso Bernal',
  dateOfBirth: '1961-08-04',
  sex: 'M',
  nationality: 'USA',
  documentNumber: 'X12345678',
  expiryDate: '2031-03-14',
  portrait: 'obama_1.jpg',
};

/**
 * The document path end to end (docs/decisions/document-path.md): widget-facing HTTP → core → scheduler → a real
 * inference node reading generated documents with the real OCR and face models. One session per
 * outcome of spec §2.5, with billing (decisions billed, unreadable outcomes not).
 */
describe('document path with real OCR and face models', () => {
  let node: InferenceNode;
  let svc: TestService;
  let tenant: { tenant_id: string; secret_key: string; public_key: string; project_id: string };
  let passport: Buffer;
  let selfie: Buffer;
  let stranger: Buffer;

  beforeAll(async () => {
    const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
    node = await startInferenceNode({ config, logger: createLogger({ level: 'silent', component: 'inference' }) });
    svc = await startTestService(BACKENDS[0], { IP_COUNTRY_DB: TEST_IP_COUNTRY_DB }, undefined, { inferenceNodes: [node.address] });
    tenant = await svc.createTenant();
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    [passport, selfie, stranger] = await Promise.all([passportImage(ADULT), facePhoto('obama_2.jpg'), facePhoto('biden_1.jpg')]);
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  it("pass: an adult's passport and the same person's selfie → success, full verification, billed once", async () => {
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: passport });
    expect(flow.start.body.data).toMatchObject({ path: 'B', step: 'liveness_required', document_path_available: true });
    expect(flow.liveness.body.data).toMatchObject({ session_status: 'in_progress', step: 'document_required' });
    expect(flow.document.status).toBe(200);
    expect(flow.document.body.data).toMatchObject({ session_status: 'success', step: 'done', service_account_offer: true });
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'success',
      verified: true,
      verification_type: 'full',
      ip_country: 'US',
      reason: null,
      risk: { band: 'low' },
      checks: {
        liveness: { performed: true, passed: true },
        age: { performed: true, passed: true, gate: 18 },
        document: { performed: true, passed: true, document_type: 'passport', country: 'US' },
        face_match: { performed: true, passed: true },
      },
    });
    expect(record.checks.data_match).toBeUndefined();
    expect(Object.keys(record)).toEqual([
      'token',
      'status',
      'verified',
      'verification_type',
      'ip_country',
      'external_user_id',
      'reason',
      'checks',
      'risk',
      'created_at',
      'completed_at',
      'expires_at',
    ]);
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
  });

  it('a service ID claims the birth-date bracket only, once, and the session stays success', async () => {
    // Born 2006-03-10: 20 on 2026-06-15 (the test clock), so bracket 18 until turning 21.
    const young = await passportImage({ ...ADULT, dateOfBirth: '2006-03-10', documentNumber: 'Y7654321' });
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: young });
    const clients = createDecisionClients(svc.core.address);
    const peek = await callUnary(clients.serviceIds, 'bracketForSession', { resultToken: flow.token, claim: false });
    expect(peek).toMatchObject({ bracket: 18, nextChangeAt: '2027-03-10T00:00:00.000Z' });
    await callUnary(clients.serviceIds, 'bracketForSession', { resultToken: flow.token, claim: true });
    const again = await callUnary(clients.serviceIds, 'bracketForSession', { resultToken: flow.token, claim: true }).catch((e: { code: string }) => e.code);
    expect(again).toBe('SESSION_STATE_CONFLICT');
    expect((await readResult(svc, tenant.secret_key, flow.token as string)).body.data.status).toBe('success');
    for (const c of Object.values(clients)) c.close();
  });

  it('age_below_threshold: min_age 99 on the same real document (billed)', async () => {
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: passport, initBody: { min_age: 99 } });
    expect(new URL(flow.document.body.data.redirect_url).searchParams.get('status')).toBe('failed');
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'failed',
      reason: 'age_below_threshold',
      checks: { age: { performed: true, passed: false, gate: 99 }, face_match: { passed: true } },
    });
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
  });

  it('face_mismatch: another person at the selfie step (billed)', async () => {
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const flow = await documentSession(svc, tenant.secret_key, { selfie: stranger, document: passport });
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'failed',
      reason: 'face_mismatch',
      checks: { face_match: { performed: true, passed: false }, document: { passed: true } },
    });
    expect(flow.document.body.data.service_account_offer).toBeUndefined();
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
  });

  it('document_unreadable: a blurred document is retaken twice, then a failure that is not billed, with no risk band', async () => {
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: await blurredImage(passport) });
    expect(flow.documents.map((d) => d.body.data.retake_attempts_left)).toEqual([2, 1, undefined]);
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({ status: 'failed', reason: 'document_unreadable', checks: { document: { performed: true, passed: false } } });
    expect(record.risk).toBeUndefined();
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before);
  });

  it('auto mode: an undecided on-device estimate escalates to B; liveness on the server, then the document; one Verification, no Check', async () => {
    const ledger = async () => (await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/ledger?month=2026-06`)).lines;
    const before = await ledger();
    const { verdict, widgetSession } = await pathA(svc, tenant.secret_key, { ages: [19, 20, 19, 21, 20], verdict: 'undecided' });
    expect(verdict.body.data).toMatchObject({ path: 'B', step: 'liveness_required' });
    const h = { 'x-widget-session': widgetSession };
    await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [selfie.toString('base64')] }, headers: h });
    const doc = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: passport.toString('base64') }, headers: h });
    const record = (await readResult(svc, tenant.secret_key, tokenFromRedirect(doc.body.data.redirect_url))).body.data;
    expect(record).toMatchObject({ status: 'success', verification_type: 'full', checks: { age: { performed: true, passed: true } } });
    const after = await ledger();
    const count = (lines: { kind: string; count: number }[], kind: string) => lines.find((l) => l.kind === kind)?.count ?? 0;
    expect(count(after, 'verification')).toBe(count(before, 'verification') + 1);
    expect(count(after, 'check')).toBe(count(before, 'check'));
  });

  it('a restricted country routes to path C (document always), recording the rule', async () => {
    const project = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/projects`, { name: 'casino' });
    const put = await svc.http('PUT', '/verify/v1/rules', { body: { content_category: 'gambling' }, headers: { 'x-api-key': project.secret_key } });
    expect(put.body.data).toMatchObject({ content_category: 'gambling', default_list: true });
    expect(put.body.data.restricted_countries).toContain('US');
    const flow = await documentSession(svc, project.secret_key, { selfie, document: passport, initBody: { verification_mode: 'auto' } });
    expect(flow.start.body.data).toMatchObject({ path: 'C', step: 'liveness_required' });
    const row = await svc.core.container.repositories.sessions.findByWidgetTokenHash(
      (await import('node:crypto')).createHash('sha256').update(flow.widgetSession).digest('hex'),
    );
    expect(row?.pathRule).toBe('restricted_country:US@default:gambling');
    expect((await readResult(svc, project.secret_key, flow.token as string)).body.data).toMatchObject({ status: 'success', ip_country: 'US' });
  });

  it('expires after the session TTL when the document never comes', async () => {
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: Buffer.alloc(0) });
    expect(flow.document.status).toBe(422);
    expect(flow.document.body.error.code).toBe('DOCUMENT_IMAGE_EMPTY');
    svc.clock.advance(31 * 60_000);
    const again = await svc.http('POST', '/verify/v1/widget/session/document', {
      body: { image: passport.toString('base64') },
      headers: { 'x-widget-session': flow.widgetSession },
    });
    // The widget learns that its session is over, not that it sent the wrong step (docs/widget.md).
    expect([again.status, again.body.error.code]).toEqual([410, 'SESSION_EXPIRED']);
    const state = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': flow.widgetSession } });
    expect([state.status, state.body.error.code]).toEqual([410, 'SESSION_EXPIRED']);
  });
});
