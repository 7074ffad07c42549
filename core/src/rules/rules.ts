import { invalidField, isProofMethod, type ProofMethod } from '@idgate/protos';
import { DEFAULT_TOKEN_MAX_AGE_DAYS, DEFAULT_TOKEN_METHODS, MAX_TOKEN_MAX_AGE_DAYS, type TokenPolicy } from '../service-ids/token-policy.ts';

/**
 * The per-project rule engine's settings (docs/decisions/path-selection.md): the project's content
 * category and the countries where a document is always required (path C). A project that sets
 * no list gets its category's default list.
 */
export const CONTENT_CATEGORIES = ['general', 'alcohol', 'tobacco', 'gambling', 'adult'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

/**
 * Defaults: where identity-document checks are the norm for that kind of content, so an age
 * estimate alone is not enough. Licensed online gambling requires identity verification before
 * play in these markets; South Korea requires real-name verification for 19+ content; several
 * US states require government-ID-based verification for adult sites (a country list cannot
 * tell states apart, so the whole country is listed). A starting point, not legal advice.
 */
export const DEFAULT_RESTRICTED_COUNTRIES: Record<ContentCategory, readonly string[]> = {
  general: [],
  alcohol: [],
  tobacco: [],
  gambling: ['BE', 'DE', 'DK', 'ES', 'FR', 'GB', 'IT', 'KR', 'NL', 'PT', 'SE', 'US'],
  adult: ['KR', 'US'],
};

export interface ProjectRules {
  contentCategory: ContentCategory;
  /** null: the category's default list. */
  restrictedCountries: string[] | null;
  /** Path A's checks run on the server (frames over TLS, in memory, dropped); an on-device verdict is refused. */
  serverSideChecks: boolean;
  /** Path D: proof methods of a service ID's age that count; null: every method (DEFAULT_TOKEN_METHODS). */
  tokenMethods: ProofMethod[] | null;
  /** Path D: how old that proof may be, in days; null: DEFAULT_TOKEN_MAX_AGE_DAYS. */
  tokenMaxAgeDays: number | null;
}

export const DEFAULT_PROJECT_RULES: ProjectRules = {
  contentCategory: 'general',
  restrictedCountries: null,
  serverSideChecks: false,
  tokenMethods: null,
  tokenMaxAgeDays: null,
};

/** The reuse policy of path D in force for a project's rules. */
export function tokenPolicyOf(rules: Pick<ProjectRules, 'tokenMethods' | 'tokenMaxAgeDays'>): TokenPolicy {
  return { methods: rules.tokenMethods ?? DEFAULT_TOKEN_METHODS, maxAgeDays: rules.tokenMaxAgeDays ?? DEFAULT_TOKEN_MAX_AGE_DAYS };
}

/** The list in force and where it came from (recorded in the path rule). */
export function restrictedCountriesOf(rules: Pick<ProjectRules, 'contentCategory' | 'restrictedCountries'>): { countries: readonly string[]; source: string } {
  if (rules.restrictedCountries) return { countries: rules.restrictedCountries, source: 'project' };
  return { countries: DEFAULT_RESTRICTED_COUNTRIES[rules.contentCategory], source: `default:${rules.contentCategory}` };
}

const MAX_COUNTRIES = 250;

/** A change a tenant sends: an absent field keeps its value; `restrictedCountries: null` goes back to the category's list. */
export interface RulesChange {
  contentCategory?: string;
  restrictedCountries?: string[] | null;
  serverSideChecks?: boolean;
  /** null: back to the default (every method). */
  tokenMethods?: string[] | null;
  /** null: back to the default. */
  tokenMaxAgeDays?: number | null;
}

/** Validates a change (REQUEST_INVALID with per-field issues); what it returns holds only the fields sent. */
export function validateRulesChange(raw: RulesChange): Partial<ProjectRules> {
  const out: Partial<ProjectRules> = {};
  if (raw.contentCategory !== undefined) {
    if (!(CONTENT_CATEGORIES as readonly string[]).includes(raw.contentCategory))
      throw invalid('content_category', `content_category must be one of ${CONTENT_CATEGORIES.join(', ')}`);
    out.contentCategory = raw.contentCategory as ContentCategory;
  }
  const list = raw.restrictedCountries;
  if (list === null) out.restrictedCountries = null;
  else if (list !== undefined) {
    if (list.length > MAX_COUNTRIES || list.some((c) => !/^[A-Za-z]{2}$/.test(c)))
      throw invalid('restricted_countries', `restricted_countries must be at most ${MAX_COUNTRIES} ISO 3166-1 alpha-2 codes`);
    out.restrictedCountries = [...new Set(list.map((c) => c.toUpperCase()))].sort();
  }
  if (raw.serverSideChecks !== undefined) out.serverSideChecks = raw.serverSideChecks;
  if (raw.tokenMethods === null) out.tokenMethods = null;
  else if (raw.tokenMethods !== undefined) {
    const methods = raw.tokenMethods;
    if (methods.length > 10 || !methods.every(isProofMethod))
      throw invalid('token_methods', `token_methods must list methods among ${DEFAULT_TOKEN_METHODS.join(', ')}`);
    out.tokenMethods = DEFAULT_TOKEN_METHODS.filter((m) => methods.includes(m));
  }
  if (raw.tokenMaxAgeDays === null) out.tokenMaxAgeDays = null;
  else if (raw.tokenMaxAgeDays !== undefined) {
    const days = raw.tokenMaxAgeDays;
    if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_MAX_AGE_DAYS)
      throw invalid('token_max_age_days', `token_max_age_days must be a whole number of days from 1 to ${MAX_TOKEN_MAX_AGE_DAYS}`);
    out.tokenMaxAgeDays = days;
  }
  return out;
}

/** Validates complete rules: what is not sent takes its default. */
export function validateRules(raw: RulesChange): ProjectRules {
  return { ...DEFAULT_PROJECT_RULES, ...validateRulesChange(raw) };
}

function invalid(field: string, msg: string) {
  return invalidField(['body', field], msg);
}
