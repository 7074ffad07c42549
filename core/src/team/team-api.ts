import type { CallContext, core } from '@idgate/protos';
import type { DashboardSessions } from './dashboard-sessions.ts';
import { permissionsOf, type Permission } from './roles.ts';
import type { Actor, AuditEntry, AuditValue, TeamMember, TeamService } from './team.service.ts';

interface Deps {
  readonly team: TeamService;
  readonly sessions: DashboardSessions;
  readonly requireTenant: (tenantId: string) => Promise<unknown>;
}

type MemberActor = Actor & { kind: 'member' };

/**
 * The dashboard team over gRPC: turns the call's dashboard session into a member, checks the member's
 * permission for the action in core (roles.ts), and maps the domain to the wire. Sign-in and accepting an
 * invitation open a session; the token goes back once, to become the dashboard cookie.
 */
export { memberOf as dashboardMemberOf };

export class TeamApi {
  private readonly d: Deps;

  constructor(d: Deps) {
    this.d = d;
  }

  async inviteFirstOwner(req: core.InviteFirstOwnerRequest): Promise<core.TeamInvitation> {
    const tenantId = req.tenantId ?? '';
    await this.d.requireTenant(tenantId);
    return invitation(await this.d.team.inviteFirstOwner(tenantId, req.email ?? ''));
  }

  async acceptInvitation(req: core.AcceptInvitationRequest): Promise<core.DashboardSession> {
    return this.open(await this.d.team.acceptInvitation(req.invitationToken ?? '', req.password ?? ''));
  }

  async signIn(req: core.TeamSignInRequest, ctx: CallContext): Promise<core.DashboardSession> {
    return this.open(await this.d.team.signIn(req.email ?? '', req.password ?? '', ctx.clientIp));
  }

  async whoAmI(ctx: CallContext): Promise<core.DashboardMember> {
    return memberOf(await this.actor(ctx, 'team.read'));
  }

  async signOut(ctx: CallContext): Promise<Record<string, never>> {
    await this.d.sessions.end(ctx.dashboardSession);
    return {};
  }

  async listMembers(ctx: CallContext): Promise<core.TeamMemberList> {
    const actor = await this.actor(ctx, 'team.read');
    return { members: (await this.d.team.listMembers(actor)).map(memberMessage) };
  }

  async invite(req: core.TeamInviteRequest, ctx: CallContext): Promise<core.TeamInvitation> {
    const actor = await this.actor(ctx, 'team.manage');
    return invitation(await this.d.team.invite(actor, req.email ?? '', req.role ?? ''));
  }

  async changeRole(req: core.TeamMemberRoleRequest, ctx: CallContext): Promise<core.TeamMemberMessage> {
    const actor = await this.actor(ctx, 'team.manage');
    return memberMessage(await this.d.team.changeRole(actor, req.memberId ?? '', req.role ?? ''));
  }

  async removeMember(req: core.TeamMemberIdRequest, ctx: CallContext): Promise<Record<string, never>> {
    const actor = await this.actor(ctx, 'team.manage');
    await this.d.team.removeMember(actor, req.memberId ?? '');
    return {};
  }

  async auditLog(req: core.AuditLogRequest, ctx: CallContext): Promise<core.AuditLog> {
    const actor = await this.actor(ctx, 'team.read');
    const before = req.before && /^\d{1,15}$/.test(req.before) ? Number(req.before) : undefined;
    const entries = await this.d.team.auditLog(actor, { before, limit: req.limit ?? undefined });
    return { entries: entries.map(auditMessage) };
  }

  /** Records a change another dashboard section made (team.service.ts `record`). */
  record(actor: Actor, action: string, target: { type: string; id: string }, details?: Record<string, AuditValue>): Promise<void> {
    return this.d.team.record(actor, action, target, details);
  }

  /** The member behind this call's dashboard session, allowed `permission` (else TEAM_PERMISSION_DENIED). */
  async actor(ctx: CallContext, permission: Permission): Promise<MemberActor> {
    return this.d.team.authorize(await this.d.sessions.memberOf(ctx.dashboardSession), permission);
  }

  private async open(actor: MemberActor): Promise<core.DashboardSession> {
    return { sessionToken: await this.d.sessions.create(actor.memberId), member: memberOf(actor) };
  }
}

function memberOf(a: MemberActor): core.DashboardMember {
  return { memberId: a.memberId, tenantId: a.accountId, email: a.email, role: a.role, permissions: [...permissionsOf(a.role)] };
}

function memberMessage(m: TeamMember): core.TeamMemberMessage {
  return { id: m.id, email: m.email, role: m.role, status: m.status, createdAt: m.createdAt.toISOString(), lastSignInAt: m.lastSignInAt?.toISOString() };
}

function invitation(i: { member: TeamMember; invitationToken: string; expiresAt: Date }): core.TeamInvitation {
  return { member: memberMessage(i.member), invitationToken: i.invitationToken, expiresAt: i.expiresAt.toISOString() };
}

function auditMessage(e: AuditEntry): core.AuditEntryMessage {
  return {
    id: e.id,
    cursor: String(e.seq),
    actor: e.actor,
    actorLabel: e.actorLabel,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    detailsJson: JSON.stringify(e.details),
    at: e.at.toISOString(),
  };
}
