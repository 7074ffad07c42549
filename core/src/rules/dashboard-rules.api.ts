import { appError, invalidField, type CallContext, type core } from '@idgate/protos';
import type { BlacklistService } from '../faces/blacklist.service.ts';
import type { FaceTwoFactorService } from '../faces/face-2fa.service.ts';
import type { AuditValue } from '../team/team.service.ts';
import type { TeamGate } from '../tenancy/project-keys.api.ts';
import { DEFAULT_TOKEN_METHODS, MAX_TOKEN_MAX_AGE_DAYS } from '../service-ids/token-policy.ts';
import { unknownCountries } from './countries.ts';
import type { ProjectRulesService, RulesView } from './project-rules.service.ts';
import { CONTENT_CATEGORIES, DEFAULT_RESTRICTED_COUNTRIES, type RulesChange } from './rules.ts';

type Project = { id: string; name: string; accountId: string };

/**
 * Rules, the blacklist and Face 2FA users over gRPC for the dashboard (docs/dashboard.md "Rules"): the same
 * services as the verify API, behind the member's `rules.manage`. The rules and Face 2FA users are a project's,
 * so the project is looked up and must be the member's account's (another tenant's reads as PROJECT_NOT_FOUND);
 * the blacklist is the account's (all its projects share it). Every change is in the audit log: the rule names
 * and new values, the blacklist entry id; never an embedding, an image, a result token or a Face 2FA user id.
 */
export class DashboardRulesApi {
  private readonly d: {
    rules: Pick<ProjectRulesService, 'viewOf' | 'change'>;
    blacklist: Pick<BlacklistService, 'addFromSessionOf' | 'addFromImageOf' | 'listOf' | 'removeOf'>;
    twoFactor: Pick<FaceTwoFactorService, 'deleteUserOf' | 'listUsersOf'>;
    team: TeamGate;
    projects: (accountId: string) => Promise<Project[]>;
    findProject: (id: string) => Promise<Project | undefined>;
  };

  constructor(d: DashboardRulesApi['d']) {
    this.d = d;
  }

  async getRules(req: core.DashboardRulesRequest, ctx: CallContext): Promise<core.DashboardRules> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const projects = await this.d.projects(actor.accountId);
    const project = req.projectId ? projects.find((p) => p.id === req.projectId) : projects[0];
    if (!project) throw appError('PROJECT_NOT_FOUND');
    return this.answer(project.id, projects, await this.d.rules.viewOf(project.id));
  }

  async setRules(projectId: string, change: RulesChange, ctx: CallContext): Promise<core.DashboardRules> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const project = await this.owned(actor.accountId, projectId);
    // Stricter than the verify API's two letters: a typed code must be an assigned ISO 3166-1 code.
    const unknown = unknownCountries(change.restrictedCountries ?? []);
    if (unknown.length) throw invalidField(['body', 'restricted_countries'], `Not ISO 3166-1 alpha-2 country codes: ${unknown.slice(0, 10).join(', ')}`);
    const before = await this.d.rules.viewOf(project.id);
    const { view: after } = await this.d.rules.change(project.id, change);
    const details = changedRules(before, after);
    if (Object.keys(details).length) await this.d.team.record(actor, 'rules.updated', { type: 'project', id: project.id }, details);
    return this.answer(project.id, await this.d.projects(actor.accountId), after);
  }

  async listBlacklist(req: core.DashboardBlacklistListRequest, ctx: CallContext): Promise<core.BlacklistList> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    return this.d.blacklist.listOf(actor.accountId, { cursor: req.cursor ?? undefined, limit: 100 });
  }

  async addBlacklistSession(req: core.DashboardBlacklistSessionRequest, ctx: CallContext): Promise<core.BlacklistEntry> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const ref = (req.session ?? '').trim();
    const added = await this.d.blacklist.addFromSessionOf(
      { accountId: actor.accountId },
      ref.startsWith('ses_') ? { sessionId: ref } : { resultToken: ref },
      req.reason,
    );
    // Not the reason: free text a member may have filled with a name; the entry keeps it.
    await this.d.team.record(
      actor,
      'blacklist_entry.created',
      { type: 'blacklist_entry', id: added.entry.id ?? '' },
      { source: 'session', project: added.projectId },
    );
    return added.entry;
  }

  /**
   * Blacklists the face in an uploaded image, filed under the account's first project (the list is the
   * account's; the project only records where it came from), and answers once the inference node has
   * judged it: active, or failed with its code (no face, several faces, unusable). The image is not stored.
   */
  async addBlacklistImage(req: core.DashboardBlacklistImageRequest, ctx: CallContext): Promise<core.BlacklistEntry> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const [project] = await this.d.projects(actor.accountId);
    if (!project) throw appError('PROJECT_NOT_FOUND');
    const entry = await this.d.blacklist.addFromImageOf(
      { accountId: actor.accountId, projectId: project.id },
      req.image ?? new Uint8Array(),
      req.reason,
      ctx.requestId,
    );
    await this.d.team.record(
      actor,
      'blacklist_entry.created',
      { type: 'blacklist_entry', id: entry.id ?? '' },
      { source: 'image', project: project.id, status: entry.status ?? '' },
    );
    return entry;
  }

  async listFaceUsers(req: core.DashboardFaceUsersRequest, ctx: CallContext): Promise<core.DashboardFaceUsers> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const projects = await this.d.projects(actor.accountId);
    const project = req.projectId ? projects.find((p) => p.id === req.projectId) : projects[0];
    if (!project) throw appError('PROJECT_NOT_FOUND');
    const page = await this.d.twoFactor.listUsersOf(project.id, req.cursor ?? undefined);
    return { projectId: project.id, projects: projects.map((p) => ({ id: p.id, name: p.name })), ...page };
  }

  async deleteBlacklistEntry(req: core.DashboardBlacklistIdRequest, ctx: CallContext): Promise<core.BlacklistDeleted> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const out = await this.d.blacklist.removeOf(actor.accountId, req.entryId ?? '');
    await this.d.team.record(actor, 'blacklist_entry.deleted', { type: 'blacklist_entry', id: out.id ?? '' });
    return out;
  }

  async deleteFaceUser(req: core.DashboardFaceUserRequest, ctx: CallContext): Promise<core.FaceUserDeleted> {
    const actor = await this.d.team.actor(ctx, 'rules.manage');
    const project = await this.owned(actor.accountId, req.projectId ?? '');
    const out = await this.d.twoFactor.deleteUserOf(project.id, req.userId ?? '');
    // The user id is the tenant's own and may be an email: an erasure must not leave it in the log.
    await this.d.team.record(actor, 'face_2fa_user.deleted', { type: 'project', id: project.id }, { had_enrollment: out.deleted ?? false });
    return out;
  }

  /** The project, if it is the account's; otherwise the same answer as a project that does not exist. */
  private async owned(accountId: string, projectId: string): Promise<Project> {
    const project = projectId && projectId.length <= 100 ? await this.d.findProject(projectId) : undefined;
    if (!project || project.accountId !== accountId) throw appError('PROJECT_NOT_FOUND');
    return project;
  }

  private answer(projectId: string, projects: Project[], rules: RulesView): core.DashboardRules {
    return {
      projectId,
      rules,
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
      categories: CONTENT_CATEGORIES.map((name) => ({ name, defaultCountries: [...DEFAULT_RESTRICTED_COUNTRIES[name]] })),
      proofMethods: [...DEFAULT_TOKEN_METHODS],
      maxTokenAgeDays: MAX_TOKEN_MAX_AGE_DAYS,
    };
  }
}

/**
 * The rules whose value in force changed, by their API names, with the new values (flat). Path D's two are
 * named `path_d_methods` and `path_d_max_age_days`: the audit log refuses any detail named like a token.
 */
function changedRules(before: RulesView, after: RulesView): Record<string, AuditValue> {
  const out: Record<string, AuditValue> = {};
  if (before.contentCategory !== after.contentCategory) out.content_category = after.contentCategory;
  const list = (v: RulesView) => (v.defaultList ? `default (${v.restrictedCountries.join(' ') || 'none'})` : v.restrictedCountries.join(' ') || 'none');
  if (before.defaultList !== after.defaultList || list(before) !== list(after)) out.restricted_countries = list(after);
  if (before.serverSideChecks !== after.serverSideChecks) out.server_side_checks = after.serverSideChecks;
  if (before.tokenMethods.join(' ') !== after.tokenMethods.join(' ')) out.path_d_methods = after.tokenMethods.join(' ') || 'none';
  if (before.tokenMaxAgeDays !== after.tokenMaxAgeDays) out.path_d_max_age_days = after.tokenMaxAgeDays;
  return out;
}
