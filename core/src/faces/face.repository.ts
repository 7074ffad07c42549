import { and, asc, count, desc, eq, gt, inArray, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blacklistEntries, faceChallenges, faceEnrollments, projects } from '../db/schema/index.ts';

export type FaceEnrollmentRow = typeof faceEnrollments.$inferSelect;
export type FaceChallengeRow = typeof faceChallenges.$inferSelect;
export type BlacklistEntryRow = typeof blacklistEntries.$inferSelect;

/** Face 2FA enrollments and challenges, and the blacklist (docs/face-2fa.md, docs/blacklist.md). */
export class FaceRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async findEnrollment(projectId: string, userId: string): Promise<FaceEnrollmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(faceEnrollments)
      .where(and(eq(faceEnrollments.projectId, projectId), eq(faceEnrollments.externalUserId, userId)));
    return row;
  }

  /**
   * A page of a project's enrollments by user id (the primary key's order, so a page is one index range),
   * after `afterUserId`, with the newest verify challenge still kept (challenges are purged after 24 hours).
   * Never the embedding.
   */
  async listEnrollments(projectId: string, limit: number, afterUserId?: string): Promise<{ userId: string; createdAt: Date; lastVerifiedAt: Date | null }[]> {
    const lastVerified = this.db
      .select({ at: max(faceChallenges.createdAt) })
      .from(faceChallenges)
      .where(
        and(
          eq(faceChallenges.projectId, faceEnrollments.projectId),
          eq(faceChallenges.externalUserId, faceEnrollments.externalUserId),
          eq(faceChallenges.type, 'verify'),
        ),
      );
    const rows = await this.db
      .select({ userId: faceEnrollments.externalUserId, createdAt: faceEnrollments.createdAt, lastVerifiedAt: sql<string | Date | null>`(${lastVerified})` })
      .from(faceEnrollments)
      .where(and(eq(faceEnrollments.projectId, projectId), afterUserId === undefined ? undefined : gt(faceEnrollments.externalUserId, afterUserId)))
      .orderBy(asc(faceEnrollments.externalUserId))
      .limit(limit);
    // A raw subquery's timestamp comes back as text from the driver: make it a Date like the columns.
    return rows.map((r) => ({ ...r, lastVerifiedAt: r.lastVerifiedAt === null ? null : new Date(r.lastVerifiedAt) }));
  }

  /** Stores the user's one enrollment, replacing an earlier one. */
  async putEnrollment(row: FaceEnrollmentRow, tx: Db = this.db): Promise<void> {
    await tx
      .insert(faceEnrollments)
      .values(row)
      .onConflictDoUpdate({
        target: [faceEnrollments.projectId, faceEnrollments.externalUserId],
        set: { embeddingSealed: row.embeddingSealed, createdAt: row.createdAt },
      });
  }

  /** Deletes the enrollment and every challenge of the user; true when there was an enrollment. */
  async deleteUser(projectId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(faceEnrollments)
        .where(and(eq(faceEnrollments.projectId, projectId), eq(faceEnrollments.externalUserId, userId)))
        .returning({ id: faceEnrollments.externalUserId });
      await tx.delete(faceChallenges).where(and(eq(faceChallenges.projectId, projectId), eq(faceChallenges.externalUserId, userId)));
      return gone.length > 0;
    });
  }

  async insertChallenge(row: FaceChallengeRow, tx: Db = this.db): Promise<void> {
    await tx.insert(faceChallenges).values(row);
  }

  /** Verify challenges of an account's projects still processing: admitted, not yet billed. */
  async countVerifiesInFlight(accountId: string, tx: Db = this.db): Promise<number> {
    const ofAccount = tx.select({ id: projects.id }).from(projects).where(eq(projects.accountId, accountId));
    const [row] = await tx
      .select({ n: count() })
      .from(faceChallenges)
      .where(and(inArray(faceChallenges.projectId, ofAccount), eq(faceChallenges.type, 'verify'), eq(faceChallenges.status, 'processing')));
    return row?.n ?? 0;
  }

  async findChallenge(id: string, projectId: string): Promise<FaceChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(faceChallenges)
      .where(and(eq(faceChallenges.id, id), eq(faceChallenges.projectId, projectId)));
    return row;
  }

  /**
   * Ends a challenge that is still processing; false when it is gone or already ended (the user
   * was deleted meanwhile, or the interrupted-sweep got there first), so nothing else is written.
   */
  async completeChallenge(
    id: string,
    patch: Pick<FaceChallengeRow, 'status' | 'reason' | 'errorCode' | 'errorReasons' | 'completedAt'>,
    tx: Db = this.db,
  ): Promise<boolean> {
    const done = await tx
      .update(faceChallenges)
      .set(patch)
      .where(and(eq(faceChallenges.id, id), eq(faceChallenges.status, 'processing')))
      .returning({ id: faceChallenges.id });
    return done.length > 0;
  }

  async insertEntry(row: BlacklistEntryRow): Promise<void> {
    await this.db.insert(blacklistEntries).values(row);
  }

  async findEntry(id: string, accountId: string): Promise<BlacklistEntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(blacklistEntries)
      .where(and(eq(blacklistEntries.id, id), eq(blacklistEntries.accountId, accountId)));
    return row;
  }

  async completeEntry(
    id: string,
    patch: Pick<BlacklistEntryRow, 'status' | 'errorCode' | 'errorReasons' | 'embeddingSealed' | 'processedAt'>,
  ): Promise<boolean> {
    const done = await this.db
      .update(blacklistEntries)
      .set(patch)
      .where(and(eq(blacklistEntries.id, id), eq(blacklistEntries.status, 'processing')))
      .returning({ id: blacklistEntries.id });
    return done.length > 0;
  }

  async deleteEntry(id: string, accountId: string): Promise<boolean> {
    const gone = await this.db
      .delete(blacklistEntries)
      .where(and(eq(blacklistEntries.id, id), eq(blacklistEntries.accountId, accountId)))
      .returning({ id: blacklistEntries.id });
    return gone.length > 0;
  }

  /** A page of an account's active entries, newest first, after the cursor (createdAt, id). */
  async listActive(accountId: string, limit: number, after?: { createdAt: Date; id: string }): Promise<BlacklistEntryRow[]> {
    const page = after
      ? or(lt(blacklistEntries.createdAt, after.createdAt), and(eq(blacklistEntries.createdAt, after.createdAt), lt(blacklistEntries.id, after.id)))
      : undefined;
    return this.db
      .select()
      .from(blacklistEntries)
      .where(and(eq(blacklistEntries.accountId, accountId), eq(blacklistEntries.status, 'active'), page))
      .orderBy(desc(blacklistEntries.createdAt), desc(blacklistEntries.id))
      .limit(limit);
  }

  /**
   * The account that owns `projectId` and a fingerprint of its active list (md5 of the entry ids;
   * null when the list is empty): one short row, asked before each search (BlacklistIndex).
   */
  async activeListFingerprint(projectId: string): Promise<{ accountId: string | null; fingerprint: string | null }> {
    const [row] = await this.db
      .select({
        accountId: projects.accountId,
        fingerprint: sql<
          string | null
        >`(select md5(string_agg(${blacklistEntries.id}, ',' order by ${blacklistEntries.id})) from ${blacklistEntries} where ${blacklistEntries.accountId} = ${projects.accountId} and ${blacklistEntries.status} = 'active')`,
      })
      .from(projects)
      .where(eq(projects.id, projectId));
    return row ?? { accountId: null, fingerprint: null };
  }

  /** The sealed embeddings of an account's active entries, by id (activeListFingerprint's order). */
  async activeEmbeddingsOfAccount(accountId: string): Promise<{ id: string; embeddingSealed: string | null }[]> {
    return this.db
      .select({ id: blacklistEntries.id, embeddingSealed: blacklistEntries.embeddingSealed })
      .from(blacklistEntries)
      .where(and(eq(blacklistEntries.accountId, accountId), eq(blacklistEntries.status, 'active')))
      .orderBy(blacklistEntries.id);
  }

  /** Challenges and entries still `processing` since before `before` lost their worker (restart). */
  async interruptStale(before: Date, now: Date): Promise<number> {
    const challenges = await this.db
      .update(faceChallenges)
      .set({ status: 'error', errorCode: 'FACE_CHECK_INTERRUPTED', completedAt: now })
      .where(and(eq(faceChallenges.status, 'processing'), lt(faceChallenges.createdAt, before)))
      .returning({ id: faceChallenges.id });
    const entries = await this.db
      .update(blacklistEntries)
      .set({ status: 'failed', errorCode: 'FACE_CHECK_INTERRUPTED', processedAt: now })
      .where(and(eq(blacklistEntries.status, 'processing'), lt(blacklistEntries.createdAt, before)))
      .returning({ id: blacklistEntries.id });
    return challenges.length + entries.length;
  }

  /** Deletes challenges created at or before `cutoff` (their outcome is readable for 24 h). */
  async purgeChallenges(cutoff: Date): Promise<number> {
    const gone = await this.db.delete(faceChallenges).where(lte(faceChallenges.createdAt, cutoff)).returning({ id: faceChallenges.id });
    return gone.length;
  }
}
