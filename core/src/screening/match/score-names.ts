import { normalizeName, type NameKind } from '../text/normalize-name.ts';
import { prepareTokens, scoreTokens } from './name-score.ts';

/**
 * Name-only score of two names in [0, 1] (the engine's name score, without birth date or
 * nationality). For evaluation and for callers that compare two names they already hold.
 */
export function scoreNames(query: string, candidate: string, kind: NameKind = 'person'): number {
  return scoreTokens(prepareTokens(normalizeName(query, kind)), prepareTokens(normalizeName(candidate, kind)), kind);
}
