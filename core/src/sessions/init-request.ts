import { appError, type FieldIssue } from '@idgate/protos';
import { normaliseLocale, type Locale } from '../geo/locale.ts';
import { normaliseDate } from '../documents/identity-normalise.ts';

export type Purpose = 'age_verification' | 'id_verification';
export type VerificationMode = 'auto' | 'document' | 'facial';
export type MismatchPolicy = 'report' | 'review';
export type Theme = 'light' | 'dark' | 'system';

export interface ExpectedFields {
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  document_number?: string;
  nationality?: string;
}

/** The raw init request as it arrives (spec §2.1), types already checked by the transport. */
export interface RawInitRequest {
  callbackUrl?: string;
  minAge?: number;
  verificationMode?: string;
  purpose?: string;
  expected?: ExpectedFields | null;
  mismatchPolicy?: string;
  userId?: string;
  theme?: string;
  locale?: string;
}

export interface InitSpec {
  callbackUrl: string;
  minAge: number | null;
  verificationMode: VerificationMode;
  purpose: Purpose;
  expected: ExpectedFields | null;
  mismatchPolicy: MismatchPolicy;
  userId: string | null;
  theme: Theme | null;
  locale: Locale | null;
}

/** The date formats `expected.date_of_birth` accepts. */
const DATE_OF_BIRTH_FORMATS = 'YYYY-MM-DD, YYYYMMDD, YYYY/MM/DD or DD.MM.YYYY';

const MODES = ['auto', 'document', 'facial'] as const;
const PURPOSES = ['age_verification', 'id_verification'] as const;
const POLICIES = ['report', 'review'] as const;
const THEMES = ['light', 'dark', 'system'] as const;

/**
 * Every validation rule of spec §2.1, in one place, for every transport. Throws the spec's own
 * codes where it names one (INVALID_VERIFICATION_MODE, EXPECTED_REQUIRES_DOCUMENT) and
 * REQUEST_INVALID with per-field issues otherwise. There is no silent fallback.
 */
export function validateInitRequest(raw: RawInitRequest, opts: { allowHttpLocalhost: boolean }): InitSpec {
  const purpose = raw.purpose ?? 'age_verification';
  if (!(PURPOSES as readonly string[]).includes(purpose)) {
    throw invalid('purpose', 'purpose must be age_verification or id_verification', 'enum');
  }
  const mode = raw.verificationMode ?? 'auto';
  if (!(MODES as readonly string[]).includes(mode)) throw appError('INVALID_VERIFICATION_MODE');
  // id_verification forces a document and facial mode never uses one: refused, not silently
  // turned into the document path (no fallback).
  if (purpose === 'id_verification' && mode === 'facial')
    throw appError('INVALID_VERIFICATION_MODE', {
      message: 'purpose id_verification needs a document; verification_mode facial never uses one (use auto or document).',
    });
  const callbackUrl = validateCallbackUrl(raw.callbackUrl, opts.allowHttpLocalhost);
  const minAge = validateMinAge(raw.minAge, purpose as Purpose);
  const expected = raw.expected && Object.keys(raw.expected).length > 0 ? validateExpected(raw.expected) : null;
  if (expected && purpose !== 'id_verification' && mode !== 'document') throw appError('EXPECTED_REQUIRES_DOCUMENT');
  return {
    callbackUrl,
    minAge,
    verificationMode: mode as VerificationMode,
    purpose: purpose as Purpose,
    expected,
    mismatchPolicy: pick(raw.mismatchPolicy, POLICIES, 'mismatch_policy', 'report'),
    userId: raw.userId === undefined || raw.userId === '' ? null : raw.userId,
    theme: raw.theme === undefined ? null : pick(raw.theme, THEMES, 'theme', 'system'),
    locale: normaliseLocale(raw.locale),
  };
}

function validateCallbackUrl(value: string | undefined, allowHttpLocalhost: boolean): string {
  if (!value) throw appError('INVALID_CALLBACK_URL', { details: { fields: [issue('callback_url', 'callback_url is required', 'missing')] } });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw appError('INVALID_CALLBACK_URL');
  }
  const localhost = url.hostname === 'localhost';
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && localhost && allowHttpLocalhost);
  // Credentials in a callback URL would end up in browser history and logs.
  if (!ok || url.username || url.password) throw appError('INVALID_CALLBACK_URL');
  return url.toString();
}

function validateMinAge(value: number | undefined, purpose: Purpose): number | null {
  if (value === undefined || value === null) {
    if (purpose === 'age_verification') throw appError('INVALID_MIN_AGE', { message: 'min_age is required when purpose is age_verification.' });
    return null;
  }
  const low = purpose === 'id_verification' ? 0 : 1;
  if (!Number.isInteger(value) || value < low || value > 99) {
    throw appError('INVALID_MIN_AGE', { message: `min_age must be an integer from ${low} to 99 for ${purpose}.` });
  }
  return value;
}

function validateExpected(e: ExpectedFields): ExpectedFields {
  const issues: FieldIssue[] = [];
  const out: ExpectedFields = {};
  for (const key of ['first_name', 'last_name', 'document_number'] as const) {
    if (e[key] === undefined) continue;
    if (e[key].trim() === '') issues.push(issue(`expected.${key}`, `${key} must not be empty`, 'value'));
    else out[key] = e[key];
  }
  if (e.date_of_birth !== undefined) {
    // The formats the data match normalises (docs/decisions/data-match.md), kept as YYYY-MM-DD: each
    // reads one way only; day-first or month-first dates with slashes are refused as ambiguous.
    const iso = normaliseDate(e.date_of_birth);
    if (!iso) issues.push(issue('expected.date_of_birth', `date_of_birth must be a real date: ${DATE_OF_BIRTH_FORMATS}`, 'format'));
    else out.date_of_birth = iso;
  }
  if (e.nationality !== undefined) {
    if (!/^[A-Za-z]{2}$/.test(e.nationality)) issues.push(issue('expected.nationality', 'nationality must be an ISO 3166-1 alpha-2 code', 'format'));
    else out.nationality = e.nationality.toUpperCase();
  }
  if (issues.length) throw appError('REQUEST_INVALID', { details: { fields: issues } });
  return out;
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], field: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw invalid(field, `${field} must be one of ${allowed.join(', ')}`, 'enum');
  return value as T;
}

function issue(loc: string, msg: string, type: string): FieldIssue {
  return { loc: ['body', ...loc.split('.')], msg, type };
}

function invalid(field: string, msg: string, type: string) {
  return appError('REQUEST_INVALID', { details: { fields: [issue(field, msg, type)] } });
}
