import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, apiKeys, projects } from '../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface KeyPrincipalRow {
  keyId: string;
  expiresAt: Date | null;
  kind: string;
  scopes: string[];
  keyHash: string;
  projectId: string;
  accountId: string;
}

/** Accounts, projects and API keys. */
export class TenancyRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insertAccount(row: typeof accounts.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(accounts).values(row);
  }

  async insertProject(row: typeof projects.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(projects).values(row);
  }

  async insertKey(row: typeof apiKeys.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(apiKeys).values(row);
  }

  async findAccount(id: string, tx: Db = this.db): Promise<AccountRow | undefined> {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async findProject(id: string, tx: Db = this.db): Promise<ProjectRow | undefined> {
    const [row] = await tx.select().from(projects).where(eq(projects.id, id));
    return row;
  }

  async listProjectIds(accountId: string): Promise<string[]> {
    const rows = await this.db.select({ id: projects.id }).from(projects).where(eq(projects.accountId, accountId));
    return rows.map((r) => r.id);
  }

  /**
   * Changes an account under its row lock: `change` sees the row as it is now and returns what to
   * set (or throws, and nothing is written), so two updates that add top-ups both count.
   * Returns whether anything was written; undefined when the account does not exist.
   */
  async changeAccount(id: string, change: (row: AccountRow) => Partial<typeof accounts.$inferInsert>): Promise<boolean | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
      if (!row) return undefined;
      const patch = change(row);
      if (Object.keys(patch).length === 0) return false;
      await tx.update(accounts).set(patch).where(eq(accounts.id, id));
      return true;
    });
  }

  /** The live key with this hash (not revoked, not past its overlap), joined with its project's account. */
  async findKeyByHash(keyHash: string, now: Date): Promise<KeyPrincipalRow | undefined> {
    const [row] = await this.db
      .select({
        keyId: apiKeys.id,
        kind: apiKeys.kind,
        scopes: apiKeys.scopes,
        keyHash: apiKeys.keyHash,
        projectId: apiKeys.projectId,
        accountId: projects.accountId,
        expiresAt: apiKeys.expiresAt,
      })
      .from(apiKeys)
      .innerJoin(projects, eq(projects.id, apiKeys.projectId))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
    return row;
  }

  /** An account's projects, oldest first. */
  listProjects(accountId: string): Promise<ProjectRow[]> {
    return this.db.select().from(projects).where(eq(projects.accountId, accountId)).orderBy(asc(projects.createdAt), asc(projects.id));
  }

  /** The keys of these projects, revoked and expired ones included (the dashboard shows their state). */
  listKeys(projectIds: string[], tx: Db = this.db): Promise<ApiKeyRow[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return tx.select().from(apiKeys).where(inArray(apiKeys.projectId, projectIds)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  }

  /** A key with the account that owns it; undefined when unknown. */
  async findKeyWithAccount(keyId: string): Promise<(ApiKeyRow & { accountId: string }) | undefined> {
    const [row] = await this.db
      .select({ key: apiKeys, accountId: projects.accountId })
      .from(apiKeys)
      .innerJoin(projects, eq(projects.id, apiKeys.projectId))
      .where(eq(apiKeys.id, keyId));
    return row ? { ...row.key, accountId: row.accountId } : undefined;
  }

  /** Locks a project's row for the transaction: two rolls of its keys run one after the other. */
  async lockProject(projectId: string, tx: Db): Promise<void> {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  }

  async updateKey(keyId: string, patch: Partial<Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>>, tx: Db = this.db): Promise<void> {
    await tx.update(apiKeys).set(patch).where(eq(apiKeys.id, keyId));
  }
}
