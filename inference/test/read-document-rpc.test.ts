import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentImage, errorOf, face, startTestNode, type TestNode } from './support/test-node.ts';

// The ReadDocument RPC runs inference/src/document (readDocument) as a pool task and adds the
// portrait embedding for the document path's face match. Reading accuracy itself is tested by
// the document reader's own tests (inference/test/document/).
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ INFERENCE_POOL_SIZE: '1' });
});
afterAll(() => t?.close());

describe('ReadDocument RPC', () => {
  it('reads the ICAO specimen passport and embeds its portrait', async () => {
    const r = await t.call('readDocument', { image: await documentImage('passport_td3_utopia_specimen.jpg'), today: '2026-01-01' });
    expect(r.status).toBe('ok');
    expect(r.dateOfBirth).toBe('1974-08-12');
    expect(r.portraitEmbedding?.values).toHaveLength(512);
    expect(r.portraitEmbedding?.model).toBe('w600k-mbf-float32');
    expect(Object.keys(r.timingsMs!)).toEqual(expect.arrayContaining(['read', 'portrait']));
  });

  it('says why there is no portrait on a card back', async () => {
    const r = await t.call('readDocument', { image: await documentImage('id_card_td1_deu_specimen_back.jpg') });
    expect(r.portraitEmbedding).toBeUndefined();
    expect(r.portraitReasons).toEqual(['portrait_not_found']);
  });

  it('matches a document portrait embedding against a selfie embedding of another person as no match', async () => {
    const doc = await t.call('readDocument', { image: await documentImage('passport_td3_utopia_specimen.jpg') });
    const selfie = await t.call('embedFace', { image: await face('obama_1.jpg') });
    const r = await t.call('matchFaces', { probe: { embedding: selfie.embedding }, reference: { embedding: doc.portraitEmbedding } });
    expect(r.match ?? false).toBe(false);
  });

  it('answers a catalogue error for bytes that are not an image', async () => {
    const err = await errorOf(t.call('readDocument', { image: Buffer.from('not an image at all') }));
    expect(err.code).toMatch(/^DOCUMENT_IMAGE_|^IMAGE_/);
  });
});
