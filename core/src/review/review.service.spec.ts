import { describe, expect, it } from 'vitest';
import { appError, type CallContext } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import type { TransitionRequest } from '../sessions/session-lifecycle.service.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import type { Principal } from '../tenancy/tenancy.service.ts';
import type { NewReview, ReviewRow } from './review.repository.ts';
import { ReviewService } from './review.service.ts';

const NOW = new Date('2026-08-01T09:00:00Z');
const REVIEW_ID = 'rev_aaaaaaaaaaaa';
const KEYS: Record<string, Principal> = {
  sk_1: { keyId: 'key_s', kind: 'secret', scopes: ['review'], projectId: 'prj_1', accountId: 'acc_1' },
  rk_noscope: { keyId: 'key_r', kind: 'restricted', scopes: [], projectId: 'prj_1', accountId: 'acc_1' },
  sk_other: { keyId: 'key_o', kind: 'secret', scopes: ['review'], projectId: 'prj_2', accountId: 'acc_2' },
};

function setup(o: { sessionStatus?: string } = {}) {
  const session = {
    id: 'ses_1',
    projectId: 'prj_1',
    status: o.sessionStatus ?? 'pending_tenant_review',
    externalUserId: 'u1',
    checks: { aml: { performed: true } },
    resultTokenSealed: 'sealed',
  } as unknown as SessionRow;
  const reviews = new Map<string, ReviewRow>([
    [
      REVIEW_ID,
      {
        id: REVIEW_ID,
        sessionId: 'ses_1',
        projectId: 'prj_1',
        reason: 'aml_match',
        context: { hits: 1 },
        status: 'open',
        note: null,
        decidedByKeyId: null,
        retakeSessionId: null,
        createdAt: NOW,
        decidedAt: null,
      },
    ],
  ]);
  const transitions: TransitionRequest[] = [];
  const service = new ReviewService({
    reviews: {
      insert: async (row: NewReview) =>
        void reviews.set(row.id, { note: null, decidedByKeyId: null, retakeSessionId: null, decidedAt: null, ...row } as ReviewRow),
      find: async (id: string, projectId: string) => {
        const r = reviews.get(id);
        return r && r.projectId === projectId ? { ...r } : undefined;
      },
      list: async () => [...reviews.values()],
      update: async (id: string, patch: Partial<NewReview>) => void reviews.set(id, { ...reviews.get(id), ...patch } as ReviewRow),
    },
    sessions: { findById: async (id: string) => (id === session.id ? session : undefined) },
    decisions: { riskBand: async () => 'high' },
    lifecycle: {
      async change(_id: string, decide: (row: SessionRow, tx: Db) => Promise<TransitionRequest | null>) {
        const request = await decide(session, {} as Db);
        if (request) transitions.push(request);
        return session;
      },
      resultToken: (row: Pick<SessionRow, 'id'>) => `xtk_for_${row.id}`,
    },
    tenancy: {
      async authenticate(apiKey: string | undefined) {
        const p = apiKey ? KEYS[apiKey] : undefined;
        if (!p) throw appError('AUTH_INVALID_KEY');
        return p;
      },
    },
    retakes: { create: async () => ({ initToken: 'itk_x', verifyUrl: 'https://w/x', expiresAt: NOW.toISOString() }) },
    clock: new ManualClock(NOW),
  });
  return { service, reviews, transitions };
}

const reviewer: CallContext = { apiKey: 'sk_1' };

describe('ReviewService', () => {
  it('approves an open review: success, one billed verification, the decision recorded with its note', async () => {
    const t = setup();
    const view = await t.service.approve(REVIEW_ID, 'looked fine', reviewer);
    expect(t.transitions).toEqual([{ to: 'success', bill: 'verification' }]);
    expect(t.reviews.get(REVIEW_ID)).toMatchObject({ status: 'approved', note: 'looked fine', decidedByKeyId: 'key_s', decidedAt: NOW });
    expect(view).toMatchObject({
      id: REVIEW_ID,
      status: 'approved',
      reason: 'aml_match',
      sessionToken: 'xtk_for_ses_1',
      riskBand: 'high',
      note: 'looked fine',
      decidedAt: NOW.toISOString(),
    });
  });

  it('rejects to failed, and refuses to decide the same review twice', async () => {
    const t = setup();
    await t.service.reject(REVIEW_ID, undefined, reviewer);
    expect(t.transitions).toEqual([{ to: 'failed', bill: 'verification' }]);
    expect(t.reviews.get(REVIEW_ID)?.note).toBeNull();
    await expect(t.service.approve(REVIEW_ID, undefined, reviewer)).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
    expect(t.transitions).toHaveLength(1);
  });

  it('refuses when the session left review meanwhile', async () => {
    const t = setup({ sessionStatus: 'expired' });
    await expect(t.service.approve(REVIEW_ID, undefined, reviewer)).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
    expect(t.reviews.get(REVIEW_ID)?.status).toBe('open');
  });

  it("needs the review scope, hides other projects' reviews, and bounds the note", async () => {
    const t = setup();
    await expect(t.service.get(REVIEW_ID, { apiKey: 'rk_noscope' })).rejects.toMatchObject({ code: 'AUTH_SCOPE_MISSING' });
    await expect(t.service.get(REVIEW_ID, { apiKey: 'sk_other' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.service.get('rev_bad id', reviewer)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.service.approve(REVIEW_ID, 'x'.repeat(2001), reviewer)).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    expect(t.transitions).toEqual([]);
  });

  it('lists only known statuses', async () => {
    const t = setup();
    await expect(t.service.list({ status: 'closed' }, reviewer)).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    const page = await t.service.list({}, reviewer);
    expect(page.reviews?.map((r) => r.id)).toEqual([REVIEW_ID]);
    expect(page.nextCursor).toBeUndefined();
  });
});
