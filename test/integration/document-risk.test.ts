import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, pathA, startTestService, tokenFromRedirect, type TestService } from '../src/index.ts';
import { documentSession, everyRowAsText, readResult } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode, type ScriptedReading } from '../src/scripted-inference.ts';

const SELFIE = Buffer.from('selfie frame bytes');
const DOCUMENT = Buffer.from('document image bytes');
const READING: ScriptedReading = {
  status: 'ok',
  surname: 'EXAMPLE',
  givenNames: 'ANNA',
  dateOfBirth: '1990-01-01',
  documentNumber: 'R9988776655',
  expiryDate: '2031-01-01',
};

/**
 * The risk band's signals (docs/decisions/risk-band.md) with a scripted inference node: document-number
 * reuse counted per tenant through a keyed HMAC (never the number), an expired document, and a
 * band that never fails a session by itself; absent when no document signal ran.
 */
describe.each(BACKENDS)('risk band on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;

  beforeAll(async () => {
    node = await startScriptedInference();
    svc = await startTestService(backend, {}, undefined, { inferenceNodes: [node.address] });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  async function band(key: string, reading: Partial<ScriptedReading> = {}, initBody: Record<string, unknown> = {}) {
    node.readings = [{ ...READING, ...reading }];
    const flow = await documentSession(svc, key, { selfie: SELFIE, document: DOCUMENT, initBody });
    return (await readResult(svc, key, flow.token as string)).body.data;
  }

  it('one document number across many sessions of a tenant raises the band; another tenant starts clean; only an HMAC is stored', async () => {
    const a = await svc.createTenant();
    const bands = [];
    for (let i = 0; i < 4; i++) bands.push((await band(a.secret_key)).risk.band);
    expect(bands).toEqual(['low', 'low', 'low', 'elevated']);
    const b = await svc.createTenant();
    const other = await band(b.secret_key);
    expect(other).toMatchObject({ status: 'success', risk: { band: 'low' } });
    const rows = await everyRowAsText(svc);
    expect(rows).toContain('document_fingerprints');
    expect(rows).not.toContain('R9988776655');
  });

  it('an expired document: elevated and still a pass for age verification; document_expired for identity proofing', async () => {
    const t = await svc.createTenant();
    const age = await band(t.secret_key, { expiryDate: '2026-06-14', documentNumber: 'E1' });
    expect(age).toMatchObject({ status: 'success', risk: { band: 'elevated' } });
    const id = await band(t.secret_key, { expiryDate: '2026-06-14', documentNumber: 'E2' }, { purpose: 'id_verification', min_age: undefined });
    expect(id).toMatchObject({
      status: 'failed',
      reason: 'document_expired',
      checks: { document: { performed: true, passed: false } },
      risk: { band: 'elevated' },
    });
  });

  it('a high band never fails a session by itself', async () => {
    const t = await svc.createTenant();
    let last;
    for (let i = 0; i < 11; i++) last = await band(t.secret_key, { documentNumber: 'H1' });
    expect(last).toMatchObject({ status: 'success', verified: true, risk: { band: 'high' } });
  });

  it('absent when no document signal ran: path A sessions and unreadable documents', async () => {
    const t = await svc.createTenant();
    const { verdict } = await pathA(svc, t.secret_key);
    const record = (await readResult(svc, t.secret_key, tokenFromRedirect(verdict.body.data.redirect_url))).body.data;
    expect(record.status).toBe('success');
    expect('risk' in record).toBe(false);
    const unreadable = await band(t.secret_key, { status: 'document_unreadable' });
    expect(unreadable).toMatchObject({ status: 'failed', reason: 'document_unreadable' });
    expect('risk' in unreadable).toBe(false);
  });
});
