import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * Sessions. Every single-use token is consumed by ONE conditional UPDATE ... RETURNING, so
 * under any number of parallel requests exactly one wins (the database serialises the rows).
 */
export class SessionRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewSession, tx: Db = this.db): Promise<void> {
    await tx.insert(sessions).values(row);
  }

  async findById(id: string, tx: Db = this.db): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  /** Row lock for a state change inside a transaction. */
  async lockById(id: string, tx: Db): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    return row;
  }

  async findByInitTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.initTokenHash, hash));
    return row;
  }

  async findByResultTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.resultTokenHash, hash));
    return row;
  }

  async findByWidgetTokenHash(hash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.widgetTokenHash, hash));
    return row;
  }

  /** Marks the init token used if it is unused and unexpired; returns the row when this call won. */
  async consumeInitToken(hash: string, now: Date, patch: Partial<NewSession>): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ ...patch, initTokenUsedAt: now, updatedAt: now })
      .where(and(eq(sessions.initTokenHash, hash), isNull(sessions.initTokenUsedAt), gt(sessions.initTokenExpiresAt, now)))
      .returning();
    return row;
  }

  /** Consumes the result token if unconsumed and unexpired; returns the row when this call won. */
  async consumeResultToken(hash: string, now: Date, only?: { projectId: string; finalStatuses: readonly string[] }): Promise<SessionRow | undefined> {
    const conditions = [eq(sessions.resultTokenHash, hash), isNull(sessions.resultTokenConsumedAt), gt(sessions.resultExpiresAt, now)];
    if (only) conditions.push(eq(sessions.projectId, only.projectId), inArray(sessions.status, [...only.finalStatuses]));
    const [row] = await this.db
      .update(sessions)
      .set({ resultTokenConsumedAt: now })
      .where(and(...conditions))
      .returning();
    return row;
  }

  /** Takes the device nonce (single use): returns the row when the nonce matched and was live. */
  async consumeDeviceNonce(id: string, nonceHash: string, now: Date, tx: Db): Promise<SessionRow | undefined> {
    const [row] = await tx
      .update(sessions)
      .set({ deviceNonceHash: null })
      .where(and(eq(sessions.id, id), eq(sessions.deviceNonceHash, nonceHash), gt(sessions.deviceNonceExpiresAt, now)))
      .returning();
    return row;
  }

  async update(id: string, patch: Partial<NewSession>, tx: Db = this.db): Promise<void> {
    await tx.update(sessions).set(patch).where(eq(sessions.id, id));
  }

  /** Ids of sessions whose time to live ran out in a status that expires by TTL. */
  async listExpirable(now: Date, statuses: string[], limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.status, statuses), lt(sessions.expiresAt, now)))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async countByProject(projectId: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.projectId, projectId));
    return row.n;
  }
}
