import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { purgeRetainedData } from '@idgate/core';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, startTestService, testConfig, type TestService } from '../src/index.ts';
import { facePhoto, licenceImage, passportImage, type TestHolder } from '../src/document-generator.ts';
import { TEST_IP_COUNTRY_DB, documentSession, everyRowAsText, readResult, verificationsBilled } from '../src/document-flows.ts';

const HOLDER: TestHolder = {
  surname: 'Quixano',
  givenNames: 'Alonso Bernal',
  dateOfBirth: '1961-08-04',
  sex: 'M',
  nationality: 'USA',
  documentNumber: 'X12345678',
  expiryDate: '2031-03-14',
  portrait: 'obama_1.jpg',
};
const LICENCE_HOLDER: TestHolder = { ...HOLDER, surname: 'Vandermeer', givenNames: 'Casimir', dateOfBirth: '1972-11-23', documentNumber: 'D44556677' };
const EXPECTED_ALL = { first_name: 'Alonso', last_name: 'Quixano', date_of_birth: '1961-08-04', document_number: 'x1234-5678', nationality: 'us' };

/** Personal data that must never be found at rest or in logs, in the forms it could take. */
const NEEDLES = [
  'QUIXANO',
  'Quixano',
  'ALONSO',
  'Alonso',
  'BERNAL',
  '1961-08-04',
  '19610804',
  '04.08.1961',
  '08041961',
  'X12345678',
  'VANDERMEER',
  'Vandermeer',
  'CASIMIR',
  '1972-11-23',
  '19721123',
  '11231972',
  'D44556677',
];

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Files under `dir` changed since `since` (skipping dependencies and git objects). */
async function changedFiles(dir: string, since: number, depth = 0): Promise<string[]> {
  if (depth > 6) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (['node_modules', '.git'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await changedFiles(path, since, depth + 1)));
    // eslint-disable-next-line @typescript-eslint/no-non-null-asserted-optional-chain -- a file gone since readdir: undefined >= since is false, so it is skipped
    else if (entry.isFile() && (await stat(path).catch(() => undefined))?.mtimeMs! >= since) out.push(path);
  }
  return out;
}

/**
 * Data match (spec §2.5) with the real OCR, and the privacy rules of spec §1/§8: after the flows
 * no birth date, name, document number or image is in the database, on disk or in the logs;
 * after 24 hours the claims and selfie embeddings are purged.
 */
describe('data match and privacy on the document path', () => {
  let node: InferenceNode;
  let svc: TestService;
  let tenant: { tenant_id: string; secret_key: string };
  let passport: Buffer;
  let licence: Buffer;
  let selfie: Buffer;
  const logs: string[] = [];
  const startedAt = Date.now();

  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        logs.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
    node = await startInferenceNode({ config, logger: createLogger({ level: 'trace', component: 'inference', destination: sink }) });
    svc = await startTestService(
      BACKENDS[0],
      { IP_COUNTRY_DB: TEST_IP_COUNTRY_DB, LOG_LEVEL: 'trace' },
      createLogger({ level: 'trace', component: 'test', destination: sink }),
      { inferenceNodes: [node.address] },
    );
    tenant = await svc.createTenant();
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    [passport, licence, selfie] = await Promise.all([passportImage(HOLDER), licenceImage(LICENCE_HOLDER), facePhoto('obama_2.jpg')]);
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  it('all requested fields match (missing middle name, separators, case): passed, verdicts only', async () => {
    const flow = await documentSession(svc, tenant.secret_key, { selfie, document: passport, initBody: { expected: EXPECTED_ALL } });
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record.status).toBe('success');
    expect(record.checks.data_match).toEqual({
      performed: true,
      passed: true,
      fields: { first_name: 'match', last_name: 'match', date_of_birth: 'match', document_number: 'match', nationality: 'match' },
    });
    expect(JSON.stringify(flow.start.body) + JSON.stringify(flow.document.body)).not.toMatch(/Quixano|1961-08-04|x1234/i);
  });

  it('one mismatch under the report policy: the session passes, data_match.passed is false', async () => {
    const flow = await documentSession(svc, tenant.secret_key, {
      selfie,
      document: passport,
      initBody: { expected: { last_name: 'Quijano', date_of_birth: '1961-08-04' } },
    });
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'success',
      reason: null,
      checks: { data_match: { performed: true, passed: false, fields: { last_name: 'mismatch', date_of_birth: 'match' } } },
    });
  });

  it('one mismatch under the review policy: pending_tenant_review with reason data_mismatch, in the queue, not billed yet', async () => {
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const flow = await documentSession(svc, tenant.secret_key, {
      selfie,
      document: passport,
      initBody: { expected: { date_of_birth: '1961-08-05' }, mismatch_policy: 'review' },
    });
    // Review reasons stay with the tenant: the browser only learns that the session is under review.
    expect(flow.document.body.data).toMatchObject({ session_status: 'pending_tenant_review', step: 'done' });
    expect(flow.document.body.data).not.toHaveProperty('reason');
    expect(flow.document.body.data.redirect_url).toBeUndefined();
    const queue = await svc.http('GET', '/verify/v1/reviews', { headers: { 'x-api-key': tenant.secret_key } });
    expect(queue.body.data.reviews).toHaveLength(1);
    expect(queue.body.data.reviews[0]).toMatchObject({
      status: 'open',
      reason: 'data_mismatch',
      session_status: 'pending_tenant_review',
      context: { data_match: { passed: false, fields: { date_of_birth: 'mismatch' } } },
      risk: { band: 'low' },
    });
    expect(JSON.stringify(queue.body)).not.toContain('1961-08-0');
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before);
  });

  it('a licence (PDF417, no MRZ) carries no nationality: not_on_document; names and dates match the barcode', async () => {
    const flow = await documentSession(svc, tenant.secret_key, {
      selfie,
      document: licence,
      initBody: { expected: { first_name: 'casimir', last_name: 'VANDERMEER', date_of_birth: '1972-11-23', document_number: 'D44556677', nationality: 'US' } },
    });
    const record = (await readResult(svc, tenant.secret_key, flow.token as string)).body.data;
    expect(record).toMatchObject({ status: 'success', checks: { document: { document_type: 'driving_licence', country: 'US' } } });
    expect(record.checks.data_match).toEqual({
      performed: true,
      passed: false,
      fields: { first_name: 'match', last_name: 'match', date_of_birth: 'match', document_number: 'match', nationality: 'not_on_document' },
    });
  });

  it('privacy: no birth date, name, document number or image in any table, any log line, or any file written', async () => {
    const rows = await everyRowAsText(svc);
    // Positive controls: the scans do see what is stored and logged.
    expect(rows).toContain('session_secrets');
    expect(rows).toContain('https://shop.example/return');
    for (const needle of NEEDLES) expect(rows, `database holds ${needle}`).not.toContain(needle);
    const logText = logs.join('');
    expect(logText).toContain('/verify/v1/widget/session/document');
    for (const needle of NEEDLES) expect(logText, `logs hold ${needle}`).not.toContain(needle);
    const imageSlices = [passport, licence].map((img) => img.subarray(4000, 4064));
    const base64Slices = [passport, licence].map((img) => img.toString('base64').slice(8000, 8064));
    for (const slice of base64Slices) {
      expect(rows).not.toContain(slice);
      expect(logText).not.toContain(slice);
    }
    for (const file of [...(await changedFiles(tmpdir(), startedAt)), ...(await changedFiles(REPO, startedAt))]) {
      const bytes = await readFile(file).catch(() => Buffer.alloc(0));
      for (const slice of imageSlices) expect(bytes.includes(slice), `${file} holds document bytes`).toBe(false);
      for (const slice of base64Slices) expect(bytes.includes(slice), `${file} holds document base64`).toBe(false);
    }
  });

  it('retention: claims and selfie embeddings exist for 24 hours, then the purge job deletes them', async () => {
    const secrets = svc.core.container.decisions.repositories.secrets;
    const sealedRows = async () => (await everyRowAsText(svc)).split('\n').filter((l) => l.startsWith('session_secrets:')).length;
    expect(await sealedRows()).toBeGreaterThan(0);
    const deps = { ...svc.core.container.decisions.repositories, faces: svc.core.container.faces.repository, clock: svc.clock };
    expect((await purgeRetainedData(deps)).secrets).toBe(0);
    svc.clock.advance(24 * 3600_000 + 60_000);
    const purged = await purgeRetainedData(deps);
    expect(purged.secrets).toBeGreaterThan(0);
    expect(await sealedRows()).toBe(0);
    expect(await secrets.purgeDue(svc.clock.now())).toBe(0);
  });
});
