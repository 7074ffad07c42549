import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teamAuditLog } from '../db/schema/index.ts';

/** The audit actions of a member's review decision (DashboardReviewsApi writes them). */
export const REVIEW_DECISION_ACTIONS = ['review.approved', 'review.rejected', 'review.retake_requested'] as const;

/**
 * Who decided each review in the dashboard. The review row records the API key that decided
 * (`decided_by_key_id`); a member's decision is in the team's audit log, with the member's email as
 * it was then, so the review page reads it from there rather than keeping a second copy.
 */
export class ReviewDeciders {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async of(accountId: string, reviewIds: readonly string[]): Promise<Map<string, string>> {
    if (!reviewIds.length) return new Map();
    const rows = await this.db
      .select({ targetId: teamAuditLog.targetId, label: teamAuditLog.actorLabel })
      .from(teamAuditLog)
      .where(
        and(
          eq(teamAuditLog.accountId, accountId),
          eq(teamAuditLog.targetType, 'review'),
          inArray(teamAuditLog.targetId, [...reviewIds]),
          inArray(teamAuditLog.action, [...REVIEW_DECISION_ACTIONS]),
        ),
      );
    return new Map(rows.map((r) => [r.targetId, r.label]));
  }
}
