import type { CallContext, core } from '@idgate/protos';
import type { Permission } from '../team/roles.ts';
import type { Actor, AuditValue } from '../team/team.service.ts';
import type { KeyView, ProjectKeysService } from './project-keys.service.ts';

/** What the keys section needs from the team: the member behind a call, and the audit log. */
export interface TeamGate {
  actor(ctx: CallContext, permission: Permission): Promise<Actor & { kind: 'member' }>;
  record(actor: Actor, action: string, target: { type: string; id: string }, details?: Record<string, AuditValue>): Promise<void>;
}

/**
 * Projects and API keys over gRPC for the dashboard: the member needs `keys.manage`, every change is in the
 * audit log (never the key), and a key crosses back only in the answer that created it.
 */
export class ProjectKeysApi {
  private readonly keys: ProjectKeysService;
  private readonly team: TeamGate;

  constructor(d: { keys: ProjectKeysService; team: TeamGate }) {
    this.keys = d.keys;
    this.team = d.team;
  }

  async listProjects(ctx: CallContext): Promise<core.DashboardProjectList> {
    const actor = await this.team.actor(ctx, 'keys.manage');
    const projects = await this.keys.list(actor.accountId);
    return {
      projects: projects.map((p) => ({ id: p.id, name: p.name, apiVersion: p.apiVersion, createdAt: p.createdAt.toISOString(), keys: p.keys.map(keyMessage) })),
    };
  }

  async createProject(req: core.DashboardProjectRequest, ctx: CallContext): Promise<core.DashboardProjectCreated> {
    const actor = await this.team.actor(ctx, 'keys.manage');
    const created = await this.keys.createProject(actor.accountId, req.name ?? '');
    await this.team.record(actor, 'project.created', { type: 'project', id: created.projectId }, { name: (req.name ?? '').trim() });
    return { projectId: created.projectId, secretKey: created.secretKey, publicKey: created.publicKey };
  }

  async createRestrictedKey(req: core.DashboardKeyRequest, ctx: CallContext): Promise<core.DashboardKeyCreated> {
    const actor = await this.team.actor(ctx, 'keys.manage');
    const created = await this.keys.createRestrictedKey(actor.accountId, req.projectId ?? '', req.scopes ?? []);
    await this.team.record(
      actor,
      'api_key.created',
      { type: 'api_key', id: created.keyId },
      { project: req.projectId ?? '', scopes: created.scopes.join(' ') },
    );
    return { keyId: created.keyId, key: created.key, scopes: created.scopes };
  }

  async rollKey(req: core.DashboardRollRequest, ctx: CallContext): Promise<core.DashboardKeyCreated> {
    const actor = await this.team.actor(ctx, 'keys.manage');
    const rolled = await this.keys.roll(actor.accountId, req.projectId ?? '', req.kind ?? '', req.overlapHours ?? 0);
    await this.team.record(
      actor,
      'api_key.rolled',
      { type: 'api_key', id: rolled.keyId },
      { project: req.projectId ?? '', kind: req.kind ?? '', overlap_hours: req.overlapHours ?? 0 },
    );
    return { keyId: rolled.keyId, key: rolled.key, scopes: [], previousExpireAt: rolled.previousExpireAt.toISOString() };
  }

  async revokeKey(req: core.DashboardKeyIdRequest, ctx: CallContext): Promise<core.DashboardKey> {
    const actor = await this.team.actor(ctx, 'keys.manage');
    const revoked = await this.keys.revoke(actor.accountId, req.keyId ?? '');
    await this.team.record(actor, 'api_key.revoked', { type: 'api_key', id: revoked.id });
    return keyMessage(revoked);
  }
}

function keyMessage(k: KeyView): core.DashboardKey {
  return {
    id: k.id,
    kind: k.kind,
    scopes: [...k.scopes],
    hint: k.hint ?? undefined,
    state: k.state,
    createdAt: k.createdAt.toISOString(),
    revokedAt: k.revokedAt?.toISOString(),
    expiresAt: k.expiresAt?.toISOString(),
  };
}
