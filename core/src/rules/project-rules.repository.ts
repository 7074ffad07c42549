import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projectRules } from '../db/schema/index.ts';
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
    return { contentCategory: row.contentCategory as ContentCategory, restrictedCountries: row.restrictedCountries, serverSideChecks: row.serverSideChecks };
  }

  async save(projectId: string, rules: ProjectRules, now: Date): Promise<void> {
    const values = {
      contentCategory: rules.contentCategory,
      restrictedCountries: rules.restrictedCountries,
      serverSideChecks: rules.serverSideChecks,
      updatedAt: now,
    };
    await this.db
      .insert(projectRules)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: projectRules.projectId, set: values });
  }
}
