import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** One row of the dashboard's sessions list: what a tenant may see of a session, no personal data. */
export interface SessionListRow {
  id: string;
  projectId: string;
  status: string;
  verificationType: string | null;
  path: string | null;
  ipCountry: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface SessionListQuery {
  projectId: string;
  status?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  /** Keyset position: older than (`before`) or newer than (`after`) this (created_at, id). */
  before?: { createdAt: Date; id: string };
  after?: { createdAt: Date; id: string };
  limit: number;
}

/**
 * The sessions of one project, newest first, by keyset on (created_at, id): every page costs one index
 * range of `sessions_project_created_idx`, however deep it is. Selects only the listed columns, never the
 * tenant's user id, tokens or claims.
 */
export class SessionListRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** At most `limit` rows, newest first; for `after`, the `limit` oldest rows newer than it (still returned newest first). */
  async list(q: SessionListQuery): Promise<SessionListRow[]> {
    const s = sessions;
    const where: (SQL | undefined)[] = [eq(s.projectId, q.projectId)];
    if (q.status) where.push(eq(s.status, q.status));
    if (q.from) where.push(gte(s.createdAt, q.from));
    if (q.to) where.push(lt(s.createdAt, q.to));
    if (q.before) where.push(sql`(${s.createdAt}, ${s.id}) < (${q.before.createdAt.toISOString()}::timestamptz, ${q.before.id})`);
    if (q.after) where.push(sql`(${s.createdAt}, ${s.id}) > (${q.after.createdAt.toISOString()}::timestamptz, ${q.after.id})`);
    const rows = await this.db
      .select({
        id: s.id,
        projectId: s.projectId,
        status: s.status,
        verificationType: s.verificationType,
        path: s.path,
        ipCountry: s.ipCountry,
        createdAt: s.createdAt,
        completedAt: s.completedAt,
      })
      .from(s)
      .where(and(...where))
      .orderBy(...(q.after ? [asc(s.createdAt), asc(s.id)] : [desc(s.createdAt), desc(s.id)]))
      .limit(q.limit);
    return q.after ? rows.reverse() : rows;
  }
}
