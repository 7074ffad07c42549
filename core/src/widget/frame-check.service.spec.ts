import { describe, expect, it } from 'vitest';
import { appError, type AgeGatePolicy, type ErrorCode } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { FaceEmbedding } from '../lib/embedding-codec.ts';
import type { InferenceCalls, InferenceMethod, MethodRequest, MethodResponse } from '../scheduler/index.ts';
import type { TransitionRequest } from '../sessions/session-lifecycle.service.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import { FrameCheckService, type FaceBlacklist } from './frame-check.service.ts';

/** Decides on the range's low bound: clear of every gate for an adult, below 18 for a child. */
const policy: AgeGatePolicy = { decideOn: 'range', passAtOrAbove: { '12': 14, '15': 17, '18': 21, '21': 24, '25': 28 }, failBelowMinAgeBy: 0 };
const ADULT = { estimatedAge: 35, low: 30, high: 40 };
const CHILD = { estimatedAge: 9, low: 7, high: 11 };
const EMBEDDING = { values: [0.1, 0.2, 0.3], model: 'rec' };
const frame = () => new Uint8Array([1, 2, 3]);

function session(over: Partial<SessionRow> = {}): SessionRow {
  return {
    id: 'ses_1',
    projectId: 'prj_1',
    status: 'in_progress',
    step: 'face_capture',
    minAge: 18,
    verificationMode: 'facial',
    checks: {},
    ...over,
  } as SessionRow;
}

/** One inference node that answers every checkFace with `reply`, and counts the calls. */
function fakeInference(reply: { live: boolean; age?: typeof ADULT; embedding?: typeof EMBEDDING; frameReasons?: string[][]; refuse?: ErrorCode }) {
  const calls: { method: string; frames: number }[] = [];
  const inference: InferenceCalls = {
    async call<M extends InferenceMethod>(method: M, request: MethodRequest<M>): Promise<MethodResponse<M>> {
      calls.push({ method, frames: (request as { frames: Uint8Array[] }).frames.length });
      if (reply.refuse) throw appError(reply.refuse);
      const frames = reply.frameReasons?.map((reasons, index) => ({ index, reasons, ...(reasons.length ? {} : { score: 0.3 }) }));
      return {
        liveness: { live: reply.live, frames },
        age: reply.age,
        embedding: reply.embedding ? { embedding: reply.embedding } : undefined,
      } as MethodResponse<M>;
    },
  };
  return { inference, calls };
}

/** The lifecycle's contract: `decide` runs on the (locked) current row and its request is applied. */
function fakeLifecycle(current: SessionRow) {
  const applied: TransitionRequest[] = [];
  return {
    applied,
    lifecycle: {
      async change(_id: string, decide: (row: SessionRow, tx: Db) => Promise<TransitionRequest | null>): Promise<SessionRow> {
        const request = await decide(current, {} as Db);
        if (!request) return current;
        applied.push(request);
        return { ...current, ...request.patch, status: request.to ?? current.status } as SessionRow;
      },
    },
  };
}

function build(o: { row?: SessionRow; reply?: Parameters<typeof fakeInference>[0]; listed?: boolean; withSecrets?: boolean; noInference?: boolean }) {
  const row = o.row ?? session();
  const { inference, calls } = fakeInference(o.reply ?? { live: true, age: ADULT, embedding: EMBEDDING });
  const { lifecycle, applied } = fakeLifecycle(row);
  const selfies: { sessionId: string; embedding: FaceEmbedding }[] = [];
  const searched: string[] = [];
  const blacklist: FaceBlacklist = { isListed: async (projectId) => (searched.push(projectId), o.listed ?? false) };
  const secrets = { storeSelfie: async (sessionId: string, embedding: FaceEmbedding) => void selfies.push({ sessionId, embedding }) };
  const service = new FrameCheckService({
    lifecycle,
    inference: o.noInference ? undefined : inference,
    maxFrames: 3,
    maxFrameBytes: 10,
    agePolicy: policy,
    blacklist,
    secrets: o.withSecrets === false ? undefined : secrets,
  });
  return { service, row, calls, applied, selfies, searched };
}

describe('FrameCheckService', () => {
  it('passes a live adult: one billed check, the selfie kept for the document path', async () => {
    const t = build({});
    const after = await t.service.submit(t.row, [frame(), frame()], {});
    expect(t.calls).toEqual([{ method: 'checkFace', frames: 2 }]);
    expect(after.status).toBe('success');
    expect(t.applied).toHaveLength(1);
    expect(t.applied[0]).toMatchObject({ to: 'success', bill: 'check', patch: { step: 'done' } });
    expect(t.selfies).toEqual([{ sessionId: 'ses_1', embedding: EMBEDDING }]);
    expect(t.searched).toEqual(['prj_1']);
  });

  it('fails a child in facial mode with the age reason, and an unlive face with the liveness reason', async () => {
    const child = build({ reply: { live: true, age: CHILD, embedding: EMBEDDING } });
    await child.service.submit(child.row, [frame()], {});
    expect(child.applied[0]).toMatchObject({ to: 'failed', bill: 'check', patch: { reason: 'age_below_threshold' } });

    const spoof = build({ reply: { live: false, age: ADULT, embedding: EMBEDDING } });
    await spoof.service.submit(spoof.row, [frame()], {});
    expect(spoof.applied[0]).toMatchObject({ to: 'failed', patch: { reason: 'liveness_failed' } });
    // Not live: no selfie is kept and the blacklist is not searched.
    expect(spoof.selfies).toEqual([]);
    expect(spoof.searched).toEqual([]);
  });

  it('offers a retake, unbilled, for a not-live burst of unusable frames in facial mode, or a face the detector refused', async () => {
    const dim = build({ reply: { live: false, age: ADULT, embedding: EMBEDDING, frameReasons: [['face_blurry'], []] } });
    const after = await dim.service.submit(dim.row, [frame()], {});
    expect(dim.applied[0].to).toBeUndefined();
    expect(dim.applied[0].bill).toBeUndefined();
    expect(after).toMatchObject({
      status: 'in_progress',
      step: 'face_capture',
      checks: { capture_attempts: { face: 1, last: { reason: 'liveness_failed' } } },
    });

    const none = build({ reply: { live: false, refuse: 'FACE_NOT_FOUND' } });
    const refused = await none.service.submit(none.row, [frame()], {});
    expect(refused).toMatchObject({
      status: 'in_progress',
      checks: { capture_attempts: { face: 1, last: { step: 'face_capture', reason: 'face_not_found' } } },
    });

    const last = build({ row: session({ checks: { capture_attempts: { document: 0, face: 2 } } }), reply: { live: false, refuse: 'FACE_MULTIPLE' } });
    await last.service.submit(last.row, [frame()], {});
    expect(last.applied[0]).toMatchObject({
      to: 'failed',
      patch: { reason: 'liveness_failed', deviceNonceHash: null, checks: { capture_attempts: { face: 3 } } },
    });
    expect(last.applied[0].bill).toBeUndefined();

    const undecodable = build({ reply: { live: false, refuse: 'IMAGE_UNDECODABLE' } });
    await expect(undecodable.service.submit(undecodable.row, [frame()], {})).rejects.toMatchObject({ code: 'IMAGE_UNDECODABLE' });
    expect(undecodable.applied).toEqual([]);
  });

  it('escalates a child in auto mode to the document capture, unbilled, when the server saw a live face', async () => {
    const t = build({ row: session({ verificationMode: 'auto' }), reply: { live: true, age: CHILD, embedding: EMBEDDING } });
    const after = await t.service.submit(t.row, [frame()], {});
    expect(after.status).toBe('in_progress');
    expect(t.applied[0].to).toBeUndefined();
    expect(t.applied[0].bill).toBeUndefined();
    expect(t.applied[0].patch).toMatchObject({ path: 'B', step: 'document_required' });
  });

  it("in auto mode without a selfie store, escalates to the document path's own liveness step", async () => {
    const t = build({ row: session({ verificationMode: 'auto' }), reply: { live: true, age: CHILD, embedding: EMBEDDING }, withSecrets: false });
    await t.service.submit(t.row, [frame()], {});
    expect(t.applied[0].patch).toMatchObject({ path: 'B', step: 'liveness_required' });
  });

  it('fails a blacklisted face in every mode, never escalating it', async () => {
    const t = build({ row: session({ verificationMode: 'auto' }), listed: true });
    await t.service.submit(t.row, [frame()], {});
    expect(t.applied[0]).toMatchObject({ to: 'failed', bill: 'check', patch: { reason: 'blacklist_match', step: 'done' } });
  });

  it('refuses bad input before calling an inference node', async () => {
    const t = build({});
    await expect(t.service.submit(t.row, [], {})).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.service.submit(t.row, [frame(), frame(), frame(), frame()], {})).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.service.submit(t.row, [new Uint8Array()], {})).rejects.toMatchObject({ code: 'IMAGE_EMPTY' });
    await expect(t.service.submit(t.row, [new Uint8Array(11)], {})).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    await expect(t.service.submit(session({ step: 'document_required' }), [frame()], {})).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
    expect(t.calls).toEqual([]);
    expect(t.applied).toEqual([]);
  });

  it('answers FEATURE_NOT_AVAILABLE when no inference node is configured', async () => {
    const t = build({ noInference: true });
    await expect(t.service.submit(t.row, [frame()], {})).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE' });
  });

  it('refuses when the session was decided between the inference call and the transaction', async () => {
    const t = build({});
    const { lifecycle } = fakeLifecycle(session({ status: 'success', step: 'done' }));
    const service = new FrameCheckService({
      lifecycle,
      inference: fakeInference({ live: true, age: ADULT }).inference,
      maxFrames: 3,
      maxFrameBytes: 10,
      agePolicy: policy,
    });
    await expect(service.submit(t.row, [frame()], {})).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
  });
});
