import { invalidField } from '@idgate/protos';

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
}

export const DEFAULT_PROJECT_RULES: ProjectRules = { contentCategory: 'general', restrictedCountries: null, serverSideChecks: false };

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
  return out;
}

/** Validates complete rules: what is not sent takes its default. */
export function validateRules(raw: RulesChange): ProjectRules {
  return { ...DEFAULT_PROJECT_RULES, ...validateRulesChange(raw) };
}

function invalid(field: string, msg: string) {
  return invalidField(['body', field], msg);
}
