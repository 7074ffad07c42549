export interface Spelling {
  vocabId: number;
  gain: number;
  close: boolean;
}

/**
 * A spelling at least this similar is "close". Two matched tokens that are both looser score at
 * most 0.75 × (1 − 0.5 × 0.25)² ≈ 0.57 (+0.08 for birth date and nationality), under the
 * threshold, so a name needs one close spelling to be worth ranking.
 */
export const CLOSE = 0.75;

/** All spellings of one query token (or of a joined pair, which stands for two tokens). */
export interface TokenGroup {
  spellings: Spelling[];
  frequency: number;
  /** How many query tokens a match stands for. */
  weight: number;
}
