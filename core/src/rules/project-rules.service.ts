import type { Clock } from '../lib/clock.ts';
import { restrictedCountriesOf, tokenPolicyOf, validateRulesChange, type ProjectRules, type RulesChange } from './rules.ts';
import type { ProjectRulesRepository } from './project-rules.repository.ts';
import type { TenancyService } from '../tenancy/tenancy.service.ts';
import { appError, type CallContext } from '@idgate/protos';

const CACHE_TTL_MS = 30_000;

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  rules: Pick<ProjectRulesRepository, 'find' | 'update'>;
  tenancy: Pick<TenancyService, 'authenticate'>;
  clock: Clock;
}

export interface RulesView {
  contentCategory: string;
  restrictedCountries: string[];
  defaultList: boolean;
  serverSideChecks: boolean;
  tokenMethods: string[];
  tokenMaxAgeDays: number;
}

/**
 * The rule engine's per-project settings (docs/decisions/path-selection.md). Read on every widget
 * start, so they are cached per process for 30 s (a change takes effect within 30 s).
 */
export class ProjectRulesService {
  private readonly deps: Deps;
  private readonly cache = new Map<string, { rules: ProjectRules; until: number }>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async rulesFor(projectId: string): Promise<ProjectRules> {
    const now = Date.now();
    const hit = this.cache.get(projectId);
    if (hit && hit.until > now) return hit.rules;
    const rules = await this.deps.rules.find(projectId);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(projectId, { rules, until: now + CACHE_TTL_MS });
    return rules;
  }

  async get(ctx: CallContext): Promise<RulesView> {
    return this.viewOf(await this.secretKeyProject(ctx));
  }

  /** Changes the fields in `change` and keeps the others (docs/verify-api.md, "Project rules"). */
  async set(change: RulesChange, ctx: CallContext): Promise<RulesView> {
    return (await this.change(await this.secretKeyProject(ctx), change)).view;
  }

  /** The rules of a project the caller has already been checked to own (the dashboard's `rules.manage`). */
  async viewOf(projectId: string): Promise<RulesView> {
    return view(await this.deps.rules.find(projectId));
  }

  /**
   * Validates and applies a change to a project the caller owns; `changed` holds only the validated
   * fields sent (what an audit entry names), `view` the rules as stored.
   */
  async change(projectId: string, change: RulesChange): Promise<{ view: RulesView; changed: Partial<ProjectRules> }> {
    const changed = validateRulesChange(change);
    const rules = await this.deps.rules.update(projectId, changed, this.deps.clock.now());
    this.cache.delete(projectId);
    return { view: view(rules), changed };
  }

  /** Project settings are the account owner's: a secret key only (no restricted scope covers them). */
  private async secretKeyProject(ctx: CallContext): Promise<string> {
    const principal = await this.deps.tenancy.authenticate(ctx.apiKey);
    if (principal.kind !== 'secret') throw appError('AUTH_SECRET_KEY_REQUIRED', { message: 'Project rules need the secret key (sk_live_).' });
    return principal.projectId;
  }
}

function view(rules: ProjectRules): RulesView {
  const { countries } = restrictedCountriesOf(rules);
  return {
    contentCategory: rules.contentCategory,
    restrictedCountries: [...countries],
    defaultList: rules.restrictedCountries === null,
    serverSideChecks: rules.serverSideChecks,
    tokenMethods: [...tokenPolicyOf(rules).methods],
    tokenMaxAgeDays: tokenPolicyOf(rules).maxAgeDays,
  };
}
