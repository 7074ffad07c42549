import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionDecisions } from '../db/schema/index.ts';
import type { RiskBandName } from '../documents/risk-band.ts';

export type SessionDecisionRow = typeof sessionDecisions.$inferSelect;
export type NewSessionDecision = typeof sessionDecisions.$inferInsert;

/** Non-personal outputs of a document decision: risk band and signals, claimable age bracket. */
export class SessionDecisionsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewSessionDecision, tx: Db = this.db): Promise<void> {
    await tx.insert(sessionDecisions).values(row).onConflictDoUpdate({ target: sessionDecisions.sessionId, set: row });
  }

  async find(sessionId: string, tx: Db = this.db): Promise<SessionDecisionRow | undefined> {
    const [row] = await tx.select().from(sessionDecisions).where(eq(sessionDecisions.sessionId, sessionId));
    return row;
  }

  async riskBand(sessionId: string, tx: Db = this.db): Promise<RiskBandName | null> {
    const [row] = await tx.select({ band: sessionDecisions.riskBand }).from(sessionDecisions).where(eq(sessionDecisions.sessionId, sessionId));
    return (row?.band as RiskBandName | undefined) ?? null;
  }

  /** Marks the bracket claimed if it is claimable now; returns the row when this call won. */
  async claimBracket(sessionId: string, now: Date): Promise<SessionDecisionRow | undefined> {
    const [row] = await this.db
      .update(sessionDecisions)
      .set({ bracketClaimedAt: now })
      .where(and(eq(sessionDecisions.sessionId, sessionId), isNull(sessionDecisions.bracketClaimedAt), gt(sessionDecisions.bracketClaimableUntil, now)))
      .returning();
    return row;
  }

  /**
   * Marks an on-device pass's bracket claimed: path A stores no decision row, so the claim is the
   * row (facial estimate, no risk band); true when this call inserted it.
   */
  async claimFacialBracket(o: { sessionId: string; bracket: number | null; claimableUntil: Date }, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(sessionDecisions)
      .values({
        sessionId: o.sessionId,
        riskBand: null,
        riskSignals: [],
        bracket: o.bracket,
        bracketMethod: 'facial_estimate',
        bracketClaimableUntil: o.claimableUntil,
        bracketClaimedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: sessionDecisions.sessionId });
    return rows.length === 1;
  }

  /** Forgets brackets whose claim window closed (docs/decisions/service-ids.md); returns how many. */
  async purgeBrackets(now: Date): Promise<number> {
    const gone = await this.db
      .update(sessionDecisions)
      .set({ bracket: null, bracketNextChangeAt: null, bracketMethod: null, bracketClaimableUntil: null })
      .where(and(isNotNull(sessionDecisions.bracketClaimableUntil), lte(sessionDecisions.bracketClaimableUntil, now)))
      .returning({ id: sessionDecisions.sessionId });
    return gone.length;
  }
}
