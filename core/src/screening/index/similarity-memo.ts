import { tokenSimilarity, type PreparedToken } from '../match/token-similarity.ts';

/** Memoised token similarity for one query: (query token index, vocabulary id) → similarity. */
export class SimilarityMemo {
  private readonly cache = new Map<number, number>();
  private readonly query: PreparedToken[];

  constructor(query: PreparedToken[]) {
    this.query = query;
  }

  private static key(qi: number, vocabId: number): number {
    return vocabId * 64 + qi;
  }

  /** Records a similarity computed elsewhere (an expansion reused from the index cache). */
  seed(qi: number, vocabId: number, p: number): void {
    this.cache.set(SimilarityMemo.key(qi, vocabId), p);
  }

  /** Similarity if at least `floor` (then remembered), else 0; for candidate generation. */
  atLeast(qi: number, vocabId: number, token: PreparedToken, floor: number): number {
    const key = SimilarityMemo.key(qi, vocabId);
    const known = this.cache.get(key);
    if (known !== undefined) return known >= floor ? known : 0;
    const p = tokenSimilarity(this.query[qi], token, floor);
    if (p >= floor) this.cache.set(key, p);
    return p >= floor ? p : 0;
  }

  /** Exact similarity; a father's-name occurrence is not cached (its role changes the scoring, not p). */
  get(qi: number, vocabId: number, token: PreparedToken): number {
    const key = SimilarityMemo.key(qi, vocabId);
    let p = this.cache.get(key);
    if (p === undefined) {
      p = tokenSimilarity(this.query[qi], token);
      this.cache.set(key, p);
    }
    return p;
  }
}
