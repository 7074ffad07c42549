/**
 * Weighted Damerau-Levenshtein distance on phonetic forms (lowercase ASCII). Confusable letters
 * cost less than unrelated ones: a vowel for another vowel, s/z, v/f, b/p, d/t, k/g, ch/j.
 * A transposition costs less than two substitutions ("Donlad").
 */
const SIZE = 128;
const SUB = new Float32Array(SIZE * SIZE).fill(1);
const INDEL = new Float32Array(SIZE).fill(1);
const VOWELS = 'aeiou';
const TRANSPOSE = 0.6;

function pair(a: string, b: string, cost: number): void {
  SUB[a.charCodeAt(0) * SIZE + b.charCodeAt(0)] = cost;
  SUB[b.charCodeAt(0) * SIZE + a.charCodeAt(0)] = cost;
}

(function fillCosts() {
  for (let c = 0; c < SIZE; c++) SUB[c * SIZE + c] = 0;
  for (const a of VOWELS) for (const b of VOWELS) if (a !== b) pair(a, b, 0.4);
  for (const v of VOWELS) INDEL[v.charCodeAt(0)] = 0.6;
  INDEL['h'.charCodeAt(0)] = 0.5;
  const confusable: [string, string, number][] = [
    ['s', 'z', 0.3],
    ['v', 'f', 0.4],
    ['b', 'p', 0.5],
    ['d', 't', 0.5],
    ['k', 'g', 0.6],
    ['x', 'j', 0.6],
    ['x', 's', 0.6],
    ['x', 'k', 0.6],
    ['h', 'k', 0.5],
    ['j', 'i', 0.5],
    ['j', 'g', 0.6],
    ['m', 'n', 0.6],
    ['l', 'r', 0.7],
    ['b', 'v', 0.6],
    ['0', 'o', 0.3],
    ['1', 'i', 0.3],
    ['1', 'l', 0.3],
    ['9', 'g', 0.4],
    ['3', 'e', 0.4],
    ['5', 's', 0.4],
    ['4', 'a', 0.4],
    ['7', 't', 0.5],
  ];
  for (const [a, b, cost] of confusable) pair(a, b, cost);
})();

let prev2 = new Float32Array(32);
let prev = new Float32Array(32);
let curr = new Float32Array(32);

/** Distance between a and b; returns early with a value > limit once the limit is certainly exceeded. */
export function weightedDistance(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    let total = 0;
    const s = n === 0 ? b : a;
    for (let i = 0; i < s.length; i++) total += INDEL[s.charCodeAt(i) & 127];
    return total;
  }
  if (m + 1 > curr.length) {
    prev2 = new Float32Array(m + 16);
    prev = new Float32Array(m + 16);
    curr = new Float32Array(m + 16);
  }
  prev[0] = 0;
  for (let j = 1; j <= m; j++) prev[j] = prev[j - 1] + INDEL[b.charCodeAt(j - 1) & 127];
  for (let i = 1; i <= n; i++) {
    const ca = a.charCodeAt(i - 1) & 127;
    curr[0] = prev[0] + INDEL[ca];
    let rowMin = curr[0];
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1) & 127;
      let best = prev[j - 1] + SUB[ca * SIZE + cb];
      const del = prev[j] + INDEL[ca];
      if (del < best) best = del;
      const ins = curr[j - 1] + INDEL[cb];
      if (ins < best) best = ins;
      if (i > 1 && j > 1 && ca !== cb && ca === (b.charCodeAt(j - 2) & 127) && cb === (a.charCodeAt(i - 2) & 127)) {
        const tr = prev2[j - 2] + TRANSPOSE;
        if (tr < best) best = tr;
      }
      curr[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return rowMin;
    const t = prev2;
    prev2 = prev;
    prev = curr;
    curr = t;
  }
  return prev[m];
}
