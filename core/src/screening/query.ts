import { ScreeningQueryInvalidError } from './errors.ts';
import { encodeDate } from './match/birth-date.ts';
import { prepareTokens } from './match/name-score.ts';
import type { PreparedToken } from './match/token-similarity.ts';
import { mayBeCutByMrz } from './text/mrz-name.ts';
import { normalizeName } from './text/normalize-name.ts';
import type { ScreeningQuery } from './types.ts';

export interface PreparedQuery {
  tokens: PreparedToken[];
  birthDate: number | null;
  nationality: string | null;
}

const MAX_NAME_LENGTH = 300;
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function validBirthDate(value: string): number {
  if (!/^\d{4}$/.test(value) && !FULL_DATE.test(value)) {
    throw new ScreeningQueryInvalidError('birthDate', 'must be YYYY or YYYY-MM-DD');
  }
  if (FULL_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
      throw new ScreeningQueryInvalidError('birthDate', 'is not a calendar date');
    }
  }
  return encodeDate(value)!;
}

/**
 * A name that fills an MRZ name field exactly may end in a cut word: its last word (the last given
 * name in MRZ order, "SURNAME, GIVEN NAMES") then matches list words that start with it.
 */
function markCutWord(name: string, tokens: PreparedToken[]): void {
  const last = tokens[tokens.length - 1];
  if (last.cls === 'word' && last.script === 'alphabetic' && mayBeCutByMrz(name)) tokens[tokens.length - 1] = { ...last, truncated: true };
}

/** Validates and normalises a query; errors name the field, never echo the value. */
export function prepareQuery(query: ScreeningQuery): PreparedQuery {
  if (typeof query?.name !== 'string' || query.name.trim() === '') throw new ScreeningQueryInvalidError('name', 'is required');
  if (query.name.length > MAX_NAME_LENGTH) throw new ScreeningQueryInvalidError('name', `is longer than ${MAX_NAME_LENGTH} characters`);
  const tokens = prepareTokens(normalizeName(query.name, 'person'));
  if (tokens.length === 0) throw new ScreeningQueryInvalidError('name', 'has no letters');
  markCutWord(query.name, tokens);
  const birthDate = query.birthDate === undefined || query.birthDate === '' ? null : validBirthDate(String(query.birthDate));
  let nationality: string | null = null;
  if (query.nationality !== undefined && query.nationality !== '') {
    if (typeof query.nationality !== 'string' || !/^[A-Za-z]{2}$/.test(query.nationality)) {
      throw new ScreeningQueryInvalidError('nationality', 'must be an ISO 3166-1 alpha-2 code');
    }
    nationality = query.nationality.toLowerCase();
  }
  return { tokens, birthDate, nationality };
}
