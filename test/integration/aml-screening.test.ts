import { join } from 'node:path';
import { SHARED_DIR } from '@idgate/inference/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { ScreeningEngine } from '@idgate/core';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, startTestService, testConfig, type TestService } from '../src/index.ts';
import { facePhoto, passportImage, type TestHolder } from '../src/document-generator.ts';
import { documentSession, everyRowAsText, readResult, sql } from '../src/document-flows.ts';

const LIST = join(SHARED_DIR, 'fixtures/sanctions/entities/yente_t1.entities.ftm.json');

/** A listed person of the fixture data (EU financial sanctions), on a generated passport. */
const LISTED: TestHolder = {
  surname: 'Kuzmenko',
  givenNames: 'Vitaly Yurievich',
  dateOfBirth: '1971-01-22',
  sex: 'M',
  nationality: 'RUS',
  documentNumber: 'K71012245',
  expiryDate: '2031-03-14',
  portrait: 'obama_1.jpg',
};
const CLEAR: TestHolder = { ...LISTED, surname: 'Quixano', givenNames: 'Alonso Bernal', documentNumber: 'X12345678' };
/** The listed name, born 27 years after the listed person: a namesake a reviewer would dismiss at a glance. */
const NAMESAKE: TestHolder = { ...LISTED, dateOfBirth: '1998-05-09', documentNumber: 'K98050911' };

/**
 * Sanctions and PEP screening on the document path (docs/screening.md, "Policy"): a strong match never
 * auto-rejects; the session goes to pending_tenant_review with reason aml_match and the match
 * context for the reviewer only; checks.aml is {performed, passed}; plans decide.
 */
describe('AML screening of document verifications (real OCR, real list data)', () => {
  let node: InferenceNode;
  let svc: TestService;
  let selfie: Buffer;

  beforeAll(async () => {
    const engine = new ScreeningEngine();
    await engine.refresh(LIST);
    node = await startInferenceNode({
      config: testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' }),
      logger: createLogger({ level: 'silent', component: 'inference' }),
    });
    svc = await startTestService(BACKENDS[0], {}, undefined, { inferenceNodes: [node.address], screening: engine });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    selfie = await facePhoto('obama_2.jpg');
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  it('the admin API screens a name directly and shows the list status', async () => {
    const status = await svc.admin('GET', '/admin/v1/screening/status');
    expect(status).toMatchObject({ enabled: true, loaded: true, person_count: expect.any(Number), refresh_failures: 0 });
    expect(status.version).toEqual(expect.any(String));
    const check = await svc.admin('POST', '/admin/v1/screening/check', { name: 'KUZMENKO Vitaly', birth_date: '1971-01-22' });
    expect(check.hits[0]).toMatchObject({ matched_name: expect.stringMatching(/KUZMENKO/i), source_lists: ['eu_fsf'] });
    expect(check.hits[0].score).toBeGreaterThanOrEqual(check.threshold);
    expect((await svc.admin('POST', '/admin/v1/screening/check', { name: 'Alonso Bernal Quixano' })).hits).toEqual([]);
  });

  it('a listed holder goes to review with aml_match, never auto-rejected; the context reaches the reviewer only, the browser sees no reason', async () => {
    const t = await svc.createTenant('starter');
    const s = await documentSession(svc, t.secret_key, { selfie, document: await passportImage(LISTED), initBody: { verification_mode: 'document' } });
    // The browser sees the session under review, never why: that would tip off the person screened.
    expect(s.document.body.data).toMatchObject({ session_status: 'pending_tenant_review' });
    expect(s.document.body.data).not.toHaveProperty('reason');
    expect(JSON.stringify(s.document.body)).not.toContain('aml_match');
    // The review.created event carries the result record (what the tenant's webhook receives).
    const [event] = await sql(svc, "select payload from outbox_events where type = 'review.created' order by seq desc limit 1");
    const record = JSON.parse(event.payload);
    expect(record).toMatchObject({
      status: 'pending_tenant_review',
      verified: false,
      reason: 'aml_match',
      checks: { aml: { performed: true, passed: false } },
    });
    const queue = await svc.http('GET', '/verify/v1/reviews', { headers: { 'x-api-key': t.secret_key } });
    const review = queue.body.data.reviews.find((r: any) => r.reason === 'aml_match');
    expect(JSON.stringify(review.context)).toMatch(/KUZMENKO/i);
    expect(JSON.stringify(review.context)).toContain('eu_fsf');
    expect(review.context.aml[0]).toMatchObject({ matched_name: expect.stringMatching(/KUZMENKO/i), matched_name_latin: expect.stringMatching(/KUZMENKO/i) });
    expect(JSON.stringify(record)).not.toMatch(/KUZMENKO/i);
    // The screened name is stored nowhere but in that review's context.
    const rows = (await everyRowAsText(svc)).split('\n');
    expect(rows.filter((r) => r.toUpperCase().includes('KUZMENKO')).every((r) => r.startsWith('reviews:'))).toBe(true);
    expect(rows.some((r) => r.startsWith('reviews:') && r.toUpperCase().includes('KUZMENKO'))).toBe(true);
  });

  it('a holder with a listed name and a clearly contradicting birth date is not sent to review', async () => {
    const t = await svc.createTenant('starter');
    const s = await documentSession(svc, t.secret_key, { selfie, document: await passportImage(NAMESAKE), initBody: { verification_mode: 'document' } });
    expect((await readResult(svc, t.secret_key, s.token ?? '')).body.data).toMatchObject({
      status: 'success',
      checks: { aml: { performed: true, passed: true } },
    });
  });

  it('a holder not on the list passes with checks.aml performed and passed', async () => {
    const t = await svc.createTenant('growth');
    const s = await documentSession(svc, t.secret_key, { selfie, document: await passportImage(CLEAR), initBody: { verification_mode: 'document' } });
    expect((await readResult(svc, t.secret_key, s.token ?? '')).body.data).toMatchObject({
      status: 'success',
      checks: { aml: { performed: true, passed: true } },
    });
  });

  it('a plan without screening (basic) reports checks.aml.performed false', async () => {
    const t = await svc.createTenant('basic');
    const s = await documentSession(svc, t.secret_key, { selfie, document: await passportImage(LISTED), initBody: { verification_mode: 'document' } });
    expect((await readResult(svc, t.secret_key, s.token ?? '')).body.data).toMatchObject({
      status: 'success',
      checks: { aml: { performed: false, passed: false } },
    });
  });
});
