import { appError, gateFor, type ProofMethod } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import { hashToken } from '../lib/tokens.ts';
import { isDocumentPath } from '../sessions/path-selection.ts';
import type { SessionRepository, SessionRow } from '../sessions/session.repository.ts';
import type { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';
import { BRACKET_CLAIM_WINDOW_MS } from '../documents/document-path.service.ts';

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  sessions: Pick<SessionRepository, 'findByResultTokenHash'>;
  decisions: Pick<SessionDecisionsRepository, 'find' | 'claimBracket' | 'claimFacialBracket'>;
  clock: Clock;
  /** The session's callback (lifecycle.redirectUrl): where the user goes on after saving. */
  redirectUrl: (row: SessionRow) => string | undefined;
}

export interface BracketOffer {
  bracket: number | null;
  nextChangeAt: Date | null;
  method: ProofMethod;
  /** When the session decided: the date the proof carries. */
  verifiedAt: Date;
  redirectUrl?: string;
}

const RESULT_TOKEN_RE = /^xtk_[A-Za-z0-9_-]{20,100}$/;

/** The proof a passed session offers, or null: a document's bracket (stored at the decision) or path A's gate. */
interface Offer {
  bracket: number | null;
  nextChangeAt: Date | null;
  method: ProofMethod;
  claimableUntil: Date | null;
  claimedAt: Date | null;
}

/**
 * The seam between a passed session and a service ID (docs/decisions/service-ids.md): the OAuth
 * provider's save flow asks for the age bracket a session offers, with the session's result token
 * as the authority. Only the bracket, its method, the date and where the user goes next cross over:
 * no birth date, no name, no document data, and no session or tenant id (the service never records
 * which sites a user verified on). Claiming never changes the session's status.
 *
 * A document pass offers the bracket of the birth date it read; an on-device pass (path A) offers
 * the gate it passed, as a facial estimate, so tenants that refuse estimates can tell.
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
    const offer = await this.offerOf(row);
    const open = offer && offer.claimableUntil && offer.claimableUntil > now && !offer.claimedAt;
    if (!open || !row.completedAt)
      throw appError('SESSION_STATE_CONFLICT', {
        message: 'This session offers no service ID: it did not pass, the 24-hour window closed, or it was saved already.',
      });
    if (opts.claim && !(await this.claim(row, offer, now)))
      throw appError('SESSION_STATE_CONFLICT', { message: 'This session was saved to a service ID meanwhile.' });
    return {
      bracket: offer.bracket,
      nextChangeAt: offer.nextChangeAt,
      method: offer.method,
      verifiedAt: row.completedAt,
      redirectUrl: this.deps.redirectUrl(row),
    };
  }

  private async offerOf(row: SessionRow): Promise<Offer | null> {
    if (row.status !== 'success' || !row.completedAt) return null;
    const decision = await this.deps.decisions.find(row.id);
    if (isDocumentPath(row.path)) {
      if (!decision?.bracket) return null;
      return {
        bracket: decision.bracket,
        nextChangeAt: decision.bracketNextChangeAt,
        method: 'document',
        claimableUntil: decision.bracketClaimableUntil,
        claimedAt: decision.bracketClaimedAt,
      };
    }
    const gate = row.path === 'A' ? gateFor(row.minAge) : null;
    if (gate === null) return null;
    return {
      bracket: gate,
      nextChangeAt: null,
      method: 'facial_estimate',
      claimableUntil: new Date(row.completedAt.getTime() + BRACKET_CLAIM_WINDOW_MS),
      claimedAt: decision?.bracketClaimedAt ?? null,
    };
  }

  /** Marks the offer taken, once: of two parallel saves one wins. */
  private async claim(row: SessionRow, offer: Offer, now: Date): Promise<boolean> {
    if (offer.method === 'document') return Boolean(await this.deps.decisions.claimBracket(row.id, now));
    return this.deps.decisions.claimFacialBracket({ sessionId: row.id, bracket: offer.bracket, claimableUntil: offer.claimableUntil ?? now }, now);
  }
}
