import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projects, webhookEndpoints, webhookNotifications } from '../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = typeof webhookEndpoints.$inferInsert;
export type NotificationRow = typeof webhookNotifications.$inferSelect;
export type EndpointWithTenant = EndpointRow & { tenantId: string };

/** Webhook endpoints and tenant notifications. Methods used inside a transaction take `tx`. */
export class EndpointRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewEndpoint): Promise<void> {
    await this.db.insert(webhookEndpoints).values(row);
  }

  async findById(id: string, tx: Db = this.db): Promise<EndpointWithTenant | undefined> {
    const [row] = await tx
      .select({ e: webhookEndpoints, tenantId: projects.accountId })
      .from(webhookEndpoints)
      .innerJoin(projects, eq(projects.id, webhookEndpoints.projectId))
      .where(eq(webhookEndpoints.id, id));
    return row ? { ...row.e, tenantId: row.tenantId } : undefined;
  }

  async findByIds(ids: string[], tx: Db = this.db): Promise<EndpointRow[]> {
    return ids.length ? tx.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids)) : [];
  }

  async listByTenant(tenantId: string): Promise<EndpointWithTenant[]> {
    const rows = await this.db
      .select({ e: webhookEndpoints, tenantId: projects.accountId })
      .from(webhookEndpoints)
      .innerJoin(projects, eq(projects.id, webhookEndpoints.projectId))
      .where(eq(projects.accountId, tenantId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    return rows.map((r) => ({ ...r.e, tenantId: r.tenantId }));
  }

  /** Enabled endpoints of these projects (fan-out). */
  async listEnabledForProjects(projectIds: string[], tx: Db): Promise<EndpointRow[]> {
    if (projectIds.length === 0) return [];
    return tx
      .select()
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.projectId, projectIds), eq(webhookEndpoints.enabled, true)));
  }

  async countForProject(projectId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId));
    return Number(row.n);
  }

  async update(id: string, patch: Partial<NewEndpoint>): Promise<void> {
    await this.db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id));
  }

  /** One more failed attempt in a row; returns the new count. */
  async countFailure(id: string, tx: Db): Promise<number> {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, id))
      .returning({ n: webhookEndpoints.consecutiveFailures });
    return row?.n ?? 0;
  }

  /** One success resets the counter (spec §6). */
  async resetFailures(ids: string[], tx: Db): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 0 })
      .where(and(inArray(webhookEndpoints.id, ids), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
  }

  /** Disables an enabled endpoint; true when this call did it (so exactly one notice is written). */
  async disable(id: string, reason: string, now: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  async insertNotification(row: typeof webhookNotifications.$inferInsert, tx: Db): Promise<void> {
    await tx.insert(webhookNotifications).values(row);
  }

  async listNotifications(tenantId: string, limit: number): Promise<NotificationRow[]> {
    const rows = await this.db
      .select({ n: webhookNotifications })
      .from(webhookNotifications)
      .innerJoin(projects, eq(projects.id, webhookNotifications.projectId))
      .where(eq(projects.accountId, tenantId))
      .orderBy(desc(webhookNotifications.createdAt), desc(webhookNotifications.id))
      .limit(limit);
    return rows.map((r) => r.n);
  }

  /** The project an endpoint is created in: the named one (checked to be the tenant's) or the first. */
  async findTenantProject(tenantId: string, projectId?: string): Promise<{ id: string; apiVersion: string } | undefined> {
    const where = projectId ? and(eq(projects.accountId, tenantId), eq(projects.id, projectId)) : eq(projects.accountId, tenantId);
    const [row] = await this.db
      .select({ id: projects.id, apiVersion: projects.apiVersion })
      .from(projects)
      .where(where)
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(1);
    return row;
  }

  async projectApiVersions(projectIds: string[], tx: Db = this.db): Promise<Map<string, string>> {
    if (projectIds.length === 0) return new Map();
    const rows = await tx.select({ id: projects.id, v: projects.apiVersion }).from(projects).where(inArray(projects.id, projectIds));
    return new Map(rows.map((r) => [r.id, r.v]));
  }
}
