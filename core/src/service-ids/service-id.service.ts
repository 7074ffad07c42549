import { appError } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import { hashToken } from '../lib/tokens.ts';
import { isDocumentPath } from '../sessions/path-selection.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import type { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  sessions: Pick<SessionRepository, 'findByResultTokenHash'>;
  decisions: Pick<SessionDecisionsRepository, 'find' | 'claimBracket'>;
  clock: Clock;
}

export interface BracketOffer {
  bracket: number | null;
  nextChangeAt: Date | null;
}

const RESULT_TOKEN_RE = /^xtk_[A-Za-z0-9_-]{20,100}$/;

/**
 * The seam between a passed document session and a service ID (docs/decisions/service-ids.md): the OAuth
 * provider's claim flow asks for the age bracket a session offers, with the session's
 * result token as the authority. Only the bracket and the date it next changes cross over: no
 * birth date, no name, no document data, and no session or tenant id (the service never records
 * which sites a user verified on). Claiming never changes the session's status.
 */
export class ServiceIdService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async bracketForSession(resultToken: string, opts: { claim: boolean }): Promise<BracketOffer> {
    const row = RESULT_TOKEN_RE.test(resultToken) ? await this.deps.sessions.findByResultTokenHash(hashToken(resultToken)) : undefined;
    if (!row) throw appError('TOKEN_NOT_FOUND');
    const now = this.deps.clock.now();
    const offer = await this.deps.decisions.find(row.id);
    const open =
      row.status === 'success' && isDocumentPath(row.path) && offer?.bracketClaimableUntil && offer.bracketClaimableUntil > now && !offer.bracketClaimedAt;
    if (!open || !offer)
      throw appError('SESSION_STATE_CONFLICT', {
        message: 'This session offers no service ID: it did not pass a document check, the 24-hour window closed, or it was claimed.',
      });
    const claimed = opts.claim ? await this.deps.decisions.claimBracket(row.id, now) : offer;
    if (!claimed) throw appError('SESSION_STATE_CONFLICT', { message: 'This session was claimed meanwhile.' });
    return { bracket: claimed.bracket, nextChangeAt: claimed.bracketNextChangeAt };
  }
}
