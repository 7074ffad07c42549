import { describe, expect, it } from 'vitest';
import { appError, type CallContext } from '@idgate/protos';
import type { InferenceCalls, InferenceMethod, MethodRequest, MethodResponse } from '../scheduler/index.ts';
import { FaceSampler, faceJobError } from './face-sample.service.ts';

const EMBEDDING = { values: [0.1, 0.2, 0.3], model: 'rec' };
const image = (n = 3) => new Uint8Array(n).fill(7);

/** One inference node that answers each method from `replies` (or throws `fail`), and records the calls. */
function fakeInference(o: { replies?: Partial<Record<InferenceMethod, unknown>>; fail?: Error } = {}) {
  const calls: { method: string; request: unknown; ctx?: CallContext }[] = [];
  const inference: InferenceCalls = {
    async call<M extends InferenceMethod>(method: M, request: MethodRequest<M>, ctx?: CallContext): Promise<MethodResponse<M>> {
      calls.push({ method, request, ctx });
      if (o.fail) throw o.fail;
      return (o.replies?.[method] ?? {}) as MethodResponse<M>;
    },
  };
  return { inference, calls };
}

describe('FaceSampler', () => {
  it('refuses an empty or oversized image, and any image without an inference node', () => {
    const { inference } = fakeInference();
    const sampler = new FaceSampler({ inference, maxImageBytes: 4 });
    expect(() => sampler.assertAcceptable(image(0))).toThrow(expect.objectContaining({ code: 'IMAGE_EMPTY' }));
    expect(() => sampler.assertAcceptable(image(5))).toThrow(expect.objectContaining({ code: 'IMAGE_TOO_LARGE' }));
    expect(() => sampler.assertAcceptable(image(4))).not.toThrow();
    const none = new FaceSampler({ maxImageBytes: 4 });
    expect(() => none.assertAcceptable(image(4))).toThrow(expect.objectContaining({ code: 'FEATURE_NOT_AVAILABLE' }));
  });

  it('sends the image as the one frame of a checkFace job and answers liveness with the embedding', async () => {
    const { inference, calls } = fakeInference({ replies: { checkFace: { liveness: { live: true }, embedding: { embedding: EMBEDDING } } } });
    const sampler = new FaceSampler({ inference, maxImageBytes: 10 });
    const before = Date.now();
    const img = image();
    expect(await sampler.live(img, 'req_1')).toEqual({ live: true, embedding: EMBEDDING });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('checkFace');
    expect(calls[0].request).toEqual({ frames: [img] });
    expect(calls[0].ctx?.requestId).toBe('req_1');
    // An asynchronous face job gets 30 s on the node.
    const deadline = (calls[0].ctx?.deadline as Date).getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + 30_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it('reads a missing liveness verdict as not live, and a missing embedding as no face', async () => {
    const unjudged = new FaceSampler({
      inference: fakeInference({ replies: { checkFace: { embedding: { embedding: EMBEDDING } } } }).inference,
      maxImageBytes: 10,
    });
    expect(await unjudged.live(image())).toEqual({ live: false, embedding: EMBEDDING });
    const faceless = new FaceSampler({ inference: fakeInference({ replies: { checkFace: { liveness: { live: true } } } }).inference, maxImageBytes: 10 });
    await expect(faceless.live(image())).rejects.toMatchObject({ code: 'FACE_NOT_FOUND' });
  });

  it('embeds an image with embedFace, liveness not judged', async () => {
    const { inference, calls } = fakeInference({ replies: { embedFace: { embedding: EMBEDDING } } });
    const sampler = new FaceSampler({ inference, maxImageBytes: 10 });
    const img = image();
    expect(await sampler.embed(img)).toEqual(EMBEDDING);
    expect(calls.map((c) => [c.method, c.request])).toEqual([['embedFace', { image: img }]]);
    const empty = new FaceSampler({
      inference: fakeInference({ replies: { embedFace: { embedding: { values: [], model: 'rec' } } } }).inference,
      maxImageBytes: 10,
    });
    await expect(empty.embed(img)).rejects.toMatchObject({ code: 'FACE_NOT_FOUND' });
  });

  it("passes the node's catalogue error through, and calls nothing without a node", async () => {
    const failing = new FaceSampler({ inference: fakeInference({ fail: appError('FACE_MULTIPLE') }).inference, maxImageBytes: 10 });
    await expect(failing.embed(image())).rejects.toMatchObject({ code: 'FACE_MULTIPLE' });
    await expect(new FaceSampler({ maxImageBytes: 10 }).live(image())).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE' });
  });
});

describe('faceJobError', () => {
  it("records a catalogue code, and FACE_QUALITY_LOW's well-formed reasons only", () => {
    expect(faceJobError({ code: 'FACE_NOT_FOUND' })).toEqual({ errorCode: 'FACE_NOT_FOUND', errorReasons: null });
    expect(faceJobError({ code: 'FACE_QUALITY_LOW', details: { reasons: ['blur', 'Bad Reason!', 3, 'face_rotated'] } })).toEqual({
      errorCode: 'FACE_QUALITY_LOW',
      errorReasons: ['blur', 'face_rotated'],
    });
    // Anything else (a message from inside the node, a non-catalogue code) is INTERNAL.
    expect(faceJobError(new Error('onnx blew up'))).toEqual({ errorCode: 'INTERNAL', errorReasons: null });
    expect(faceJobError({ code: 'NOT_A_CODE', details: { reasons: ['blur'] } })).toEqual({ errorCode: 'INTERNAL', errorReasons: null });
    expect(faceJobError(undefined)).toEqual({ errorCode: 'INTERNAL', errorReasons: null });
  });
});
