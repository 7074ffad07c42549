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

/** Validates rules a tenant sends (REQUEST_INVALID with per-field issues). */
export function validateRules(raw: { contentCategory?: string; restrictedCountries?: string[] | null; serverSideChecks?: boolean }): ProjectRules {
  const category = raw.contentCategory ?? 'general';
  const serverSideChecks = raw.serverSideChecks === true;
  if (!(CONTENT_CATEGORIES as readonly string[]).includes(category)) {
    throw invalid('content_category', `content_category must be one of ${CONTENT_CATEGORIES.join(', ')}`);
  }
  const list = raw.restrictedCountries;
  if (list === undefined || list === null) return { contentCategory: category as ContentCategory, restrictedCountries: null, serverSideChecks };
  if (list.length > MAX_COUNTRIES || list.some((c) => !/^[A-Za-z]{2}$/.test(c))) {
    throw invalid('restricted_countries', `restricted_countries must be at most ${MAX_COUNTRIES} ISO 3166-1 alpha-2 codes`);
  }
  return { contentCategory: category as ContentCategory, restrictedCountries: [...new Set(list.map((c) => c.toUpperCase()))].sort(), serverSideChecks };
}

function invalid(field: string, msg: string) {
  return invalidField(['body', field], msg);
}
