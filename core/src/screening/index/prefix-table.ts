/**
 * The vocabulary in text order, for the words that start with a given prefix: the last word of a
 * name cut by an MRZ name field ("MONTESIN" → "montesinos", "montesino", …). Built once per index.
 */
export class PrefixTable {
  private readonly order: Uint32Array;
  private readonly texts: readonly string[];

  constructor(texts: readonly string[]) {
    this.texts = texts;
    this.order = Uint32Array.from(texts.keys()).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0));
  }

  /** First position in `order` whose text is not below `key`. */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.texts[this.order[mid]] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Calls `visit` with every vocabulary id whose text starts with `prefix` and is longer than it. */
  extensions(prefix: string, visit: (vocabId: number) => void): void {
    for (let k = this.lowerBound(prefix); k < this.order.length; k++) {
      const text = this.texts[this.order[k]];
      if (!text.startsWith(prefix)) return;
      if (text.length > prefix.length) visit(this.order[k]);
    }
  }
}
