import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { widgetHandoffs } from '../db/schema/index.ts';

/** Single-use hand-off tokens of the hosted widget (hashes only; db/schema/handoff.table.ts). */
export class HandoffRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** A new token for the session; any unused one it had is dropped (the newest QR code is the only valid one). */
  async create(sessionId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(widgetHandoffs).where(and(eq(widgetHandoffs.sessionId, sessionId), isNull(widgetHandoffs.usedAt)));
      await tx.insert(widgetHandoffs).values({ tokenHash, sessionId, createdAt: now, expiresAt });
    });
  }

  /**
   * The exchange: one conditional UPDATE, so of any number of concurrent exchanges of the same
   * token exactly one wins (used_at was null and the token not expired); the others get undefined.
   */
  async exchange(tokenHash: string, phoneTokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(widgetHandoffs)
      .set({ usedAt: now, phoneTokenHash })
      .where(and(eq(widgetHandoffs.tokenHash, tokenHash), isNull(widgetHandoffs.usedAt), gt(widgetHandoffs.expiresAt, now)))
      .returning({ sessionId: widgetHandoffs.sessionId });
    return row?.sessionId;
  }

  /** The session a phone's widget token (issued by an exchange) belongs to. */
  async sessionOfPhoneToken(phoneTokenHash: string): Promise<string | undefined> {
    const [row] = await this.db.select({ sessionId: widgetHandoffs.sessionId }).from(widgetHandoffs).where(eq(widgetHandoffs.phoneTokenHash, phoneTokenHash));
    return row?.sessionId;
  }
}
