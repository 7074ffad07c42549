import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectRules } from '../db/schema/index.ts';
import type { ProofMethod } from '@idgate/protos';
import { DEFAULT_PROJECT_RULES, type ContentCategory, type ProjectRules } from './rules.ts';

/** The rule engine's settings per project; a project without a row has the defaults. */
export class ProjectRulesRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async find(projectId: string): Promise<ProjectRules> {
    const [row] = await this.db.select().from(projectRules).where(eq(projectRules.projectId, projectId));
    if (!row) return DEFAULT_PROJECT_RULES;
    return rulesOf(row);
  }

  /**
   * Applies a change in one statement and returns the rules as stored: a project without a row
   * starts from the defaults; only the fields in `change` are written, so two changes of
   * different fields sent at the same time both land.
   */
  async update(projectId: string, change: Partial<ProjectRules>, now: Date): Promise<ProjectRules> {
    const set = { ...change, updatedAt: now };
    const [row] = await this.db
      .insert(projectRules)
      .values({ projectId, ...DEFAULT_PROJECT_RULES, ...set })
      .onConflictDoUpdate({ target: projectRules.projectId, set })
      .returning();
    return rulesOf(row);
  }
}

function rulesOf(row: typeof projectRules.$inferSelect): ProjectRules {
  return {
    contentCategory: row.contentCategory as ContentCategory,
    restrictedCountries: row.restrictedCountries,
    serverSideChecks: row.serverSideChecks,
    tokenMethods: row.tokenMethods as ProofMethod[] | null,
    tokenMaxAgeDays: row.tokenMaxAgeDays,
  };
}
