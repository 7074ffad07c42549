import type { TokenClass } from '../text/normalize-name.ts';

/** Scoring constants; all global. Their meaning is documented in README.md "Name score". */
export const NAME_SCORING = {
  /** Two tokens below this similarity are not aligned as the same name part. */
  minPair: 0.55,
  /** Share of its weight that an unmatched token costs, by side and kind of name. */
  extra: {
    person: { query: 0.3, candidate: 0.12 },
    organization: { query: 0.5, candidate: 0.35 },
  },
  /**
   * Extra query parts cost this much more when the list name is a single word ("John" as an
   * alias): one shared given name must not make "John Smith" a hit. With 2.2 a lone shared word
   * scores at most 1 / (1 + 0.3 × 2.2) ≈ 0.60, under the threshold even with birth date and
   * nationality agreement (+0.08): candidate generation relies on this (README.md).
   */
  singleWordQueryExtra: 2.2,
  /** How hard an imperfect alignment is penalised, per unit of weight × (1 − similarity). */
  pairPenalty: 0.5,
  /** Same for a substitution: a part present on both sides that disagrees ("Viktorovich"/"Borisovich"). */
  substitutionPenalty: 0.55,
  /** Similarity factor when a father's name ("bin Salman") is aligned with an own name. */
  roleMismatch: 0.5,
} as const;

export const TOKEN_WEIGHT: Readonly<Record<TokenClass, number>> = {
  word: 1,
  initial: 0.4,
  particle: 0.25,
  weak: 0.35,
  legal: 0.3,
  number: 0.35,
};

/** Token similarity lookup by (query index, candidate index), so the index can memoise it. */
export type SimilarityOf = (qi: number, cj: number) => number;
