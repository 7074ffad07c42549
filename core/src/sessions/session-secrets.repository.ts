import { eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionSecrets } from '../db/schema/index.ts';

export type SessionSecretsRow = typeof sessionSecrets.$inferSelect;

/** Sealed data-match claims and selfie embeddings, each row deleted at its purgeAt (≤ 24 h). */
export class SessionSecretsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async find(sessionId: string, tx: Db = this.db): Promise<SessionSecretsRow | undefined> {
    const [row] = await tx.select().from(sessionSecrets).where(eq(sessionSecrets.sessionId, sessionId));
    return row;
  }

  /** Inserts or updates the given sealed values; `purgeAt` is kept from the first write. */
  async put(sessionId: string, values: { claimsSealed?: string; selfieEmbeddingSealed?: string }, purgeAt: Date, tx: Db = this.db): Promise<void> {
    await tx
      .insert(sessionSecrets)
      .values({ sessionId, ...values, purgeAt })
      .onConflictDoUpdate({ target: sessionSecrets.sessionId, set: values });
  }

  /** Deletes every row whose time is up; returns how many went. */
  async purgeDue(now: Date): Promise<number> {
    const gone = await this.db.delete(sessionSecrets).where(lte(sessionSecrets.purgeAt, now)).returning({ id: sessionSecrets.sessionId });
    return gone.length;
  }
}
