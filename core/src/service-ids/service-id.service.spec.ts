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
  const session = { id: 'ses_1', status: 'success', path: 'B', resultTokenHash: hashToken(TOKEN), ...o.session } as SessionRow;
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
    },
    clock: new ManualClock(NOW),
  });
  return { service, decisions, lookups };
}

describe('ServiceIdService', () => {
  it('offers the bracket and its next change only, and claims it once', async () => {
    const t = setup();
    expect(await t.service.bracketForSession(TOKEN, { claim: false })).toEqual({ bracket: 18, nextChangeAt: NEXT_BIRTHDAY });
    expect(t.decisions.get('ses_1')?.bracketClaimedAt).toBeNull(); // a look does not claim
    expect(await t.service.bracketForSession(TOKEN, { claim: true })).toEqual({ bracket: 18, nextChangeAt: NEXT_BIRTHDAY });
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

  it('offers nothing for a failed session, a face-only session, a closed window or no decision row', async () => {
    const cases = [
      setup({ session: { status: 'failed' } }),
      setup({ session: { path: 'A' } }),
      setup({ decision: { bracketClaimableUntil: NOW } }),
      setup({ decision: { bracketClaimableUntil: null } }),
      setup({ decision: null }),
    ];
    for (const t of cases) await expect(t.service.bracketForSession(TOKEN, { claim: false })).rejects.toMatchObject({ code: 'SESSION_STATE_CONFLICT' });
  });
});
