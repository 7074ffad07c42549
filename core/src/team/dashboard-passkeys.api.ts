import type { CallContext, core } from '@idgate/protos';
import type { DashboardSessions } from './dashboard-sessions.ts';
import { dashboardMemberOf, type TeamApi } from './team-api.ts';
import type { MemberPasskey, TeamPasskeys } from './team-passkeys.ts';

interface Deps {
  readonly team: TeamApi;
  readonly sessions: DashboardSessions;
  readonly passkeys: TeamPasskeys;
}

/**
 * A dashboard member's passkeys over gRPC. Every member manages only their own passkeys, so the
 * permission asked is team.read (which every role has); a passkey sign-in opens a session like a
 * password sign-in does.
 */
export class DashboardPasskeysApi {
  private readonly d: Deps;

  constructor(d: Deps) {
    this.d = d;
  }

  async list(ctx: CallContext): Promise<core.DashboardPasskeyList> {
    const actor = await this.d.team.actor(ctx, 'team.read');
    return { passkeys: (await this.d.passkeys.list(actor)).map(message) };
  }

  async registrationOptions(ctx: CallContext): Promise<core.DashboardPasskeyOptions> {
    const actor = await this.d.team.actor(ctx, 'team.read');
    return { optionsJson: JSON.stringify(await this.d.passkeys.registrationOptions(actor)) };
  }

  async add(req: core.DashboardPasskeyAddRequest, ctx: CallContext): Promise<core.DashboardPasskeyMessage> {
    const actor = await this.d.team.actor(ctx, 'team.read');
    return message(await this.d.passkeys.add(actor, req.responseJson ?? '', req.name ?? ''));
  }

  async remove(req: core.DashboardPasskeyIdRequest, ctx: CallContext): Promise<Record<string, never>> {
    const actor = await this.d.team.actor(ctx, 'team.read');
    await this.d.passkeys.remove(actor, req.passkeyId ?? '');
    return {};
  }

  async signInOptions(ctx: CallContext): Promise<core.DashboardPasskeyOptions> {
    return { optionsJson: JSON.stringify(await this.d.passkeys.signInOptions(ctx.clientIp)) };
  }

  async signIn(req: core.DashboardPasskeySignInRequest): Promise<core.DashboardSession> {
    const actor = await this.d.passkeys.signIn(req.responseJson ?? '');
    return { sessionToken: await this.d.sessions.create(actor.memberId), member: dashboardMemberOf(actor) };
  }
}

function message(p: MemberPasskey): core.DashboardPasskeyMessage {
  return { id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() };
}
