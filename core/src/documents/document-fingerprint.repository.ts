import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documentFingerprints, tenantHmacKeys } from '../db/schema/index.ts';

/** Keyed HMACs of document numbers per tenant (never the numbers) and the tenants' HMAC keys. */
export class DocumentFingerprintRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async findKey(accountId: string, tx: Db = this.db): Promise<string | undefined> {
    const [row] = await tx.select({ key: tenantHmacKeys.keySealed }).from(tenantHmacKeys).where(eq(tenantHmacKeys.accountId, accountId));
    return row?.key;
  }

  /** Stores a key unless one exists (parallel first uses agree on the stored one). */
  async insertKey(accountId: string, keySealed: string, now: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(tenantHmacKeys).values({ accountId, keySealed, createdAt: now }).onConflictDoNothing();
  }

  /** Other sessions of the tenant with this fingerprint since `since`. */
  async countSince(accountId: string, numberHmac: string, since: Date, exceptSessionId: string, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(documentFingerprints)
      .where(
        and(
          eq(documentFingerprints.accountId, accountId),
          eq(documentFingerprints.numberHmac, numberHmac),
          gt(documentFingerprints.createdAt, since),
          ne(documentFingerprints.sessionId, exceptSessionId),
        ),
      );
    return row.n;
  }

  async insert(row: typeof documentFingerprints.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(documentFingerprints).values(row).onConflictDoNothing();
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    const gone = await this.db
      .delete(documentFingerprints)
      .where(lte(documentFingerprints.createdAt, cutoff))
      .returning({ id: documentFingerprints.sessionId });
    return gone.length;
  }
}
