import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, startTestService, testConfig, type TestService } from '../src/index.ts';
import { facePhoto, idCardBack, idCardFront, licenceBack, licenceFront, type TestHolder } from '../src/document-generator.ts';
import { TEST_IP_COUNTRY_DB, documentSession, readResult } from '../src/document-flows.ts';

const CARD_HOLDER: TestHolder = {
  surname: 'Mustermann',
  givenNames: 'Erika',
  dateOfBirth: '1961-08-04',
  sex: 'F',
  nationality: 'DEU',
  documentNumber: 'X12345678',
  expiryDate: '2031-03-14',
  portrait: 'obama_1.jpg',
};
const LICENCE_HOLDER: TestHolder = { ...CARD_HOLDER, surname: 'Vandermeer', givenNames: 'Casimir', sex: 'M', nationality: 'USA', documentNumber: 'D44556677' };

/**
 * Two-sided documents (docs/decisions/document-path.md "Two-sided documents") through the real
 * gateway → core → inference with the real OCR and face models, on synthetic cards: the portrait
 * and printed fields on the front, the TD1 MRZ or AAMVA PDF417 on the back.
 */
describe('two-sided documents', () => {
  let node: InferenceNode;
  let svc: TestService;
  let key: string;
  let selfie: Buffer;
  let card: { front: Buffer; back: Buffer };
  let licence: { front: Buffer; back: Buffer };

  beforeAll(async () => {
    const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
    node = await startInferenceNode({ config, logger: createLogger({ level: 'warn', component: 'inference' }) });
    svc = await startTestService(BACKENDS[0], { IP_COUNTRY_DB: TEST_IP_COUNTRY_DB }, undefined, { inferenceNodes: [node.address] });
    key = (await svc.createTenant()).secret_key;
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    const [cf, cb, lf, lb, face] = await Promise.all([
      idCardFront(CARD_HOLDER),
      idCardBack(CARD_HOLDER),
      licenceFront(LICENCE_HOLDER),
      licenceBack(LICENCE_HOLDER),
      facePhoto('obama_2.jpg'),
    ]);
    card = { front: cf, back: cb };
    licence = { front: lf, back: lb };
    selfie = face;
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  it('an ID card, front and back: the MRZ from the back, the portrait from the front, passed', async () => {
    const flow = await documentSession(svc, key, {
      selfie,
      document: card.front,
      back: card.back,
      initBody: { expected: { date_of_birth: '1961-08-04', document_number: 'X12345678' } },
    });
    expect(flow.document.body.data, JSON.stringify(flow.document.body)).toMatchObject({ session_status: 'success', step: 'done' });
    expect(flow.documents).toHaveLength(1);
    const record = (await readResult(svc, key, flow.token as string)).body.data;
    expect(record).toMatchObject({ status: 'success', risk: { band: 'low' } });
    expect(record.checks.data_match).toEqual({ performed: true, passed: true, fields: { date_of_birth: 'match', document_number: 'match' } });
  });

  it('a front whose printed birth date differs from the MRZ: zones_disagree raises the band, data match is a mismatch, no failure', async () => {
    const tampered = await idCardFront(CARD_HOLDER, { dateOfBirth: '1961-08-05' });
    const flow = await documentSession(svc, key, { selfie, document: tampered, back: card.back, initBody: { expected: { date_of_birth: '1961-08-04' } } });
    const record = (await readResult(svc, key, flow.token as string)).body.data;
    // The MRZ (1961-08-04) equals the claim; the printed zone (1961-08-05) does not: every zone must agree.
    expect(record).toMatchObject({ status: 'success', risk: { band: 'elevated' } });
    expect(record.checks.data_match).toEqual({ performed: true, passed: false, fields: { date_of_birth: 'mismatch' } });
  });

  it('a licence, front and back: the barcode from the back, the portrait from the front, passed', async () => {
    const flow = await documentSession(svc, key, { selfie, document: licence.front, back: licence.back });
    const record = (await readResult(svc, key, flow.token as string)).body.data;
    expect(record).toMatchObject({ status: 'success', checks: { document: { document_type: 'driving_licence' } } });
  });

  it('a card back alone is a retake asking for the front; the pair then passes in the same session', async () => {
    const flow = await documentSession(svc, key, { selfie, document: card.back, stopAtRetake: true });
    expect(flow.document.status).toBe(200);
    expect(flow.document.body.data).toMatchObject({
      session_status: 'in_progress',
      step: 'document_required',
      retake_reason: 'document_side_missing',
      document_side_missing: 'front',
      retake_attempts_left: 2,
    });
    const headers = { 'x-widget-session': flow.widgetSession };
    const body = { image: card.front.toString('base64'), back_image: card.back.toString('base64') };
    const pair = await svc.http('POST', '/verify/v1/widget/session/document', { body, headers });
    expect(pair.body.data).toMatchObject({ session_status: 'success', step: 'done' });
    expect(pair.body.data).not.toHaveProperty('document_side_missing');
  });

  it('a licence front alone asks for the back, up to the limit, then ends document_unreadable', async () => {
    const flow = await documentSession(svc, key, { selfie, document: licence.front });
    expect(flow.documents.map((d) => [d.body.data.retake_reason, d.body.data.document_side_missing])).toEqual([
      ['document_side_missing', 'back'],
      ['document_side_missing', 'back'],
      [undefined, undefined],
    ]);
    expect(flow.document.body.data).toMatchObject({ session_status: 'failed', reason: 'document_unreadable' });
  });

  it('a bad back_image is refused with the image codes, naming the field', async () => {
    const flow = await documentSession(svc, key, { selfie, document: card.back, stopAtRetake: true });
    const headers = { 'x-widget-session': flow.widgetSession };
    const empty = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: card.front.toString('base64'), back_image: '' }, headers });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({ code: 'DOCUMENT_IMAGE_EMPTY' });
    expect(empty.body.error.message).toContain('back_image');
    const junk = Buffer.from('not an image at all').toString('base64');
    const invalid = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: card.front.toString('base64'), back_image: junk }, headers });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toMatch(/DOCUMENT_IMAGE_INVALID|IMAGE_UNDECODABLE/);
    expect(invalid.body.error.message).toContain('back_image');
  });
});
