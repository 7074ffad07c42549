import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, teamAuditLog, teamInvitations, teamMembers, teamPasskeys } from '../db/schema/index.ts';

export type MemberRow = typeof teamMembers.$inferSelect;
export type AuditRow = typeof teamAuditLog.$inferSelect;
/** An audit entry to write: its `seq` is given by the database. */
export type NewAuditRow = Omit<AuditRow, 'seq'>;

/** What TeamService needs from storage; the unit specs give it an in-memory fake. */
export interface TeamStore {
  /** Runs `fn` in one transaction holding the team's lock (the account row), so role changes serialise. */
  inTeamLock<T>(accountId: string, fn: (store: TeamStore) => Promise<T>): Promise<T>;
  findMember(id: string): Promise<MemberRow | undefined>;
  findMemberByEmail(email: string): Promise<MemberRow | undefined>;
  listMembers(accountId: string): Promise<MemberRow[]>;
  insertMember(row: MemberRow): Promise<void>;
  updateMember(id: string, patch: Partial<MemberRow>): Promise<void>;
  insertInvitation(row: { tokenHash: string; memberId: string; expiresAt: Date }): Promise<void>;
  /** Marks a live invitation used and answers its member; undefined when unknown, used or expired. Atomic. */
  takeInvitation(tokenHash: string, now: Date): Promise<string | undefined>;
  /** Invalidates every open invitation of a member (a new one replaces them). */
  dropInvitations(memberId: string, now: Date): Promise<void>;
  /** Deletes every passkey of a member (a removed member keeps no credential). */
  dropPasskeys(memberId: string): Promise<void>;
  appendAudit(row: NewAuditRow): Promise<void>;
  /** Newest first; `before` (an entry's seq) pages back. */
  listAudit(accountId: string, page: { before?: number; limit: number }): Promise<AuditRow[]>;
}

/** The team tables in Postgres / PGlite (core/src/db/schema/team.table.ts). */
export class TeamRepository implements TeamStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  inTeamLock<T>(accountId: string, fn: (store: TeamStore) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      return fn(new TeamRepository(tx as unknown as Db));
    });
  }

  async findMember(id: string): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(teamMembers).where(eq(teamMembers.id, id));
    return row;
  }

  async findMemberByEmail(email: string): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(teamMembers).where(eq(teamMembers.email, email));
    return row;
  }

  listMembers(accountId: string): Promise<MemberRow[]> {
    return this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), sql`${teamMembers.status} <> 'removed'`))
      .orderBy(teamMembers.createdAt, teamMembers.id);
  }

  async insertMember(row: MemberRow): Promise<void> {
    await this.db.insert(teamMembers).values(row);
  }

  async updateMember(id: string, patch: Partial<MemberRow>): Promise<void> {
    await this.db.update(teamMembers).set(patch).where(eq(teamMembers.id, id));
  }

  async insertInvitation(row: { tokenHash: string; memberId: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(teamInvitations).values(row);
  }

  async takeInvitation(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(teamInvitations)
      .set({ usedAt: now })
      .where(and(eq(teamInvitations.tokenHash, tokenHash), isNull(teamInvitations.usedAt), gt(teamInvitations.expiresAt, now)))
      .returning({ memberId: teamInvitations.memberId });
    return row?.memberId;
  }

  async dropInvitations(memberId: string, now: Date): Promise<void> {
    await this.db
      .update(teamInvitations)
      .set({ usedAt: now })
      .where(and(eq(teamInvitations.memberId, memberId), isNull(teamInvitations.usedAt)));
  }

  async dropPasskeys(memberId: string): Promise<void> {
    await this.db.delete(teamPasskeys).where(eq(teamPasskeys.memberId, memberId));
  }

  async appendAudit(row: NewAuditRow): Promise<void> {
    await this.db.insert(teamAuditLog).values(row);
  }

  listAudit(accountId: string, page: { before?: number; limit: number }): Promise<AuditRow[]> {
    const where =
      page.before !== undefined ? and(eq(teamAuditLog.accountId, accountId), lt(teamAuditLog.seq, page.before)) : eq(teamAuditLog.accountId, accountId);
    return this.db.select().from(teamAuditLog).where(where).orderBy(desc(teamAuditLog.seq)).limit(page.limit);
  }
}
