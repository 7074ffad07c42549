import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { hashToken } from '../lib/tokens.ts';
import type { SessionDecisionRow } from '../sessions/session-decisions.repository.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import { ServiceIdService } from './service-id.service.ts';

const TOKEN = 'xtk_abcdefghijklmnopqrstuvwxyz';
const NOW = new Date('2026-07-01T12:00:00Z');
const LATER = new Date('2026-07-02T00:00:00Z');
const NEXT_BIRTHDAY = new Date('2027-03-04T00:00:00Z');

function setup(o: { session?: Partial<SessionRow>; decision?: Partial<SessionDecisionRow> | null } = {}) {
  const session = { id: 'ses_1', status: 'success', path: 'B', minAge: 18, completedAt: NOW, resultTokenHash: hashToken(TOKEN), ...o.session } as SessionRow;
  const decisions = new Map<string, SessionDecisionRow>();
  if (o.decision !== null) {
    decisions.set('ses_1', {
      sessionId: 'ses_1',
      riskBand: 'low',
      riskSignals: [],
      bracket: 18,
      bracketNextChangeAt: NEXT_BIRTHDAY,
      bracketMethod: 'document',
      bracketClaimableUntil: LATER,
      bracketClaimedAt: null,
      createdAt: NOW,
      ...o.decision,
    });
  }
  const lookups: string[] = [];
  const service = new ServiceIdService({
    sessions: { findByResultTokenHash: async (hash: string) => (lookups.push(hash), hash === session.resultTokenHash ? session : undefined) },
    decisions: {
      find: async (id: string) => decisions.get(id),
      // The repository's conditional UPDATE: claims once, only while the window is open.
      claimBracket: async (id: string, now: Date) => {
        const d = decisions.get(id);
        if (!d || d.bracketClaimedAt || !d.bracketClaimableUntil || d.bracketClaimableUntil <= now) return undefined;
        d.bracketClaimedAt = now;
        return d;
      },
      // The repository's INSERT … ON CONFLICT DO NOTHING: the first claim of an on-device pass inserts the row.
      claimFacialBracket: async (o: { sessionId: string; bracket: number | null; claimableUntil: Date }, now: Date) => {
        if (decisions.has(o.sessionId)) return false;
        decisions.set(o.sessionId, {
          sessionId: o.sessionId,
          riskBand: null,
          riskSignals: [],
          bracket: o.bracket,
          bracketNextChangeAt: null,
          bracketMethod: 'facial_estimate',
          bracketClaimableUntil: o.claimableUntil,
          bracketClaimedAt: now,
          createdAt: now,
        });
        return true;
      },
    },
    clock: new ManualClock(NOW),
    redirectUrl: (row) => `https://shop.example/back?token=${row.id}`,
  });
  return { service, decisions, lookups };
}

describe('ServiceIdService', () => {
  it('offers the bracket, its next change, method and date only, and claims it once', async () => {
    const t = setup();
    const offer = { bracket: 18, nextChangeAt: NEXT_BIRTHDAY, method: 'document', verifiedAt: NOW, redirectUrl: 'https://shop.example/back?token=ses_1' };
    expect(await t.service.bracketForSession(TOKEN, { claim: false })).toEqual(offer);
    expect(t.decisions.get('ses_1')?.bracketClaimedAt).toBeNull(); // a look does not claim
    expect(await t.service.bracketForSession(TOKEN, { claim: true })).toEqual(offer);
    expect(t.decisions.get('ses_1')?.bracketClaimedAt).toEqual(NOW);
    await expect(t.service.bracketForSession(TOKEN, { claim: true })).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
  });

  it('answers TOKEN_NOT_FOUND for a malformed or unknown token, without a lookup for the malformed one', async () => {
    const t = setup();
    await expect(t.service.bracketForSession('not-a-token', { claim: false })).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    expect(t.lookups).toEqual([]);
    await expect(t.service.bracketForSession('xtk_zzzzzzzzzzzzzzzzzzzzzzzz', { claim: false })).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    expect(t.lookups).toHaveLength(1);
  });

  it("offers an on-device pass's gate as a facial estimate, claimed once", async () => {
    const t = setup({ session: { path: 'A', minAge: 16 }, decision: null });
    const offer = { bracket: 18, nextChangeAt: null, method: 'facial_estimate', verifiedAt: NOW, redirectUrl: 'https://shop.example/back?token=ses_1' };
    expect(await t.service.bracketForSession(TOKEN, { claim: false })).toEqual(offer);
    expect(await t.service.bracketForSession(TOKEN, { claim: true })).toEqual(offer);
    await expect(t.service.bracketForSession(TOKEN, { claim: true })).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
  });

  it('offers nothing for a failed session, a token session, a gate above 25, a closed window or no decision row', async () => {
    const cases = [
      setup({ session: { status: 'failed' } }),
      setup({ session: { path: 'D' } }),
      setup({ session: { path: 'A', minAge: 30 }, decision: null }),
      setup({ session: { path: 'A', completedAt: new Date(NOW.getTime() - 24 * 3600_000) }, decision: null }),
      setup({ decision: { bracketClaimableUntil: NOW } }),
      setup({ decision: { bracketClaimableUntil: null } }),
      setup({ decision: null }),
    ];
    for (const t of cases) await expect(t.service.bracketForSession(TOKEN, { claim: false })).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
  });
});
