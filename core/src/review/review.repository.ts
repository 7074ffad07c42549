import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reviews, sessions } from '../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** The tenant review queue. */
export class ReviewRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewReview, tx: Db = this.db): Promise<void> {
    await tx.insert(reviews).values(row);
  }

  async find(id: string, projectId: string, tx: Db = this.db): Promise<ReviewRow | undefined> {
    const [row] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.projectId, projectId)));
    return row;
  }

  /** A review by id alone: the caller checks that its project is the caller's (DashboardReviewsApi). */
  async findById(id: string): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.id, id));
    return row;
  }

  async findBySession(sessionId: string, tx: Db = this.db): Promise<ReviewRow | undefined> {
    const [row] = await tx.select().from(reviews).where(eq(reviews.sessionId, sessionId));
    return row;
  }

  /** The review whose retake created `sessionId` (the original attempt of a retake chain). */
  async findByRetakeSession(sessionId: string, tx: Db = this.db): Promise<ReviewRow | undefined> {
    const [row] = await tx.select().from(reviews).where(eq(reviews.retakeSessionId, sessionId));
    return row;
  }

  /** A page of a project's reviews in one status, oldest first, after the cursor (createdAt, id). */
  async list(projectId: string, status: string, limit: number, after?: { createdAt: Date; id: string }): Promise<ReviewRow[]> {
    const page = after ? or(gt(reviews.createdAt, after.createdAt), and(eq(reviews.createdAt, after.createdAt), gt(reviews.id, after.id))) : undefined;
    return this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.projectId, projectId), eq(reviews.status, status), page))
      .orderBy(asc(reviews.createdAt), asc(reviews.id))
      .limit(limit);
  }

  /**
   * A page of the reviews of several projects in one status, by (createdAt, id): the oldest after `after`
   * (ascending), or the newest before `before` (descending; the caller turns it round). One query over
   * every project, so rows of two projects created in the same millisecond keep one total order.
   */
  async listOfProjects(
    projectIds: readonly string[],
    status: string,
    limit: number,
    at: { after?: { createdAt: Date; id: string }; before?: { createdAt: Date; id: string } } = {},
  ): Promise<ReviewRow[]> {
    if (!projectIds.length) return [];
    const { after, before } = at;
    const page = before
      ? or(lt(reviews.createdAt, before.createdAt), and(eq(reviews.createdAt, before.createdAt), lt(reviews.id, before.id)))
      : after
        ? or(gt(reviews.createdAt, after.createdAt), and(eq(reviews.createdAt, after.createdAt), gt(reviews.id, after.id)))
        : undefined;
    const order = before ? [desc(reviews.createdAt), desc(reviews.id)] : [asc(reviews.createdAt), asc(reviews.id)];
    return this.db
      .select()
      .from(reviews)
      .where(and(inArray(reviews.projectId, [...projectIds]), eq(reviews.status, status), page))
      .orderBy(...order)
      .limit(limit);
  }

  /** The statuses of these sessions, by id (a page of the queue shows each review's). */
  async sessionStatuses(sessionIds: readonly string[]): Promise<Map<string, string>> {
    if (!sessionIds.length) return new Map();
    const rows = await this.db
      .select({ id: sessions.id, status: sessions.status })
      .from(sessions)
      .where(inArray(sessions.id, [...sessionIds]));
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  async update(id: string, patch: Partial<NewReview>, tx: Db = this.db): Promise<void> {
    await tx.update(reviews).set(patch).where(eq(reviews.id, id));
  }
}
