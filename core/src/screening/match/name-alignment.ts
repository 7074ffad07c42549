import { tokenSimilarity, type PreparedToken } from './token-similarity.ts';
import { NAME_SCORING, TOKEN_WEIGHT, type SimilarityOf } from './name-constants.ts';

/**
 * Token alignment of two names (README.md "Name score"): full words first, including a word
 * against a run of two or three adjacent words ("VladimirPutin"), then contradicting words, then
 * initials; what is left over is extra on either side.
 */
export interface Pair {
  p: number;
  wq: number;
  wc: number;
}
interface Option {
  p: number;
  /** Order of the greedy choice: the similarity, except that a joined particle goes first. */
  rank: number;
  q: number[];
  c: number[];
}

export interface Alignment {
  pairs: Pair[];
  subs: Pair[];
  extraQ: number;
  extraC: number;
}

const weight = (t: PreparedToken) => TOKEN_WEIGHT[t.cls];
const significant = (t: PreparedToken) => t.cls !== 'particle' && t.cls !== 'weak';
const groupWeight = (tokens: PreparedToken[], members: number[]) => Math.max(...members.map((m) => weight(tokens[m])));

interface Run {
  members: number[];
  length: number;
  token: PreparedToken | null;
}

const collapse = (s: string) => s.replace(/([a-z])\1+/g, '$1');

/** Runs of 2-3 adjacent tokens, as one concatenated token ("Vladimir Putin" ~ "VladimirPutin"). */
function joinedRuns(tokens: PreparedToken[]): Run[] {
  const runs: Run[] = [];
  for (let start = 0; start + 1 < tokens.length; start++) {
    if (tokens[start].cls === 'initial' || tokens[start].script === 'syllabic') continue;
    let length = tokens[start].text.length;
    for (let end = start + 1; end < Math.min(tokens.length, start + 3); end++) {
      if (tokens[end].cls === 'initial' || tokens[end].script === 'syllabic') break;
      length += tokens[end].text.length;
      runs.push({ members: Array.from({ length: end - start + 1 }, (_, k) => start + k), length, token: null });
    }
  }
  return runs;
}

/** The run as a token; its phonetic forms are the parts' forms joined (cheaper than re-deriving them). */
function runToken(tokens: PreparedToken[], run: Run): PreparedToken {
  if (run.token) return run.token;
  const parts = run.members.map((m) => tokens[m]);
  const first = parts[0];
  run.token = {
    text: parts.map((t) => t.text).join(''),
    phon: collapse(parts.map((t) => t.phon).join('')),
    skel: collapse(parts.map((t) => t.skel).join('')),
    cls: 'word',
    script: first.script,
    glyph: undefined,
    patronymic: false,
    truncated: false,
    variants: undefined,
  };
  return run.token;
}

/** Rank above any pair of equal similarity (their tie-break bonus is at most 2e-3). */
const JOINED_PARTICLE_PRIORITY = 0.01;

/** "bensalem" against a run that starts with the particle "ben". */
const joinsParticle = (single: PreparedToken, first: PreparedToken) => first.cls === 'particle' && single.text.startsWith(first.text);

/** One token on one side against a run on the other; only runs of a compatible length are compared. */
function runOptions(singles: PreparedToken[], many: PreparedToken[], singlesAreQuery: boolean): Option[] {
  const options: Option[] = [];
  let runs: Run[] | null = null;
  for (let i = 0; i < singles.length; i++) {
    const single = singles[i];
    if (single.cls !== 'word' || single.text.length < 5 || single.script === 'syllabic') continue;
    runs ??= joinedRuns(many);
    for (const run of runs) {
      if (Math.abs(run.length - single.text.length) > 0.35 * run.length) continue;
      const p = tokenSimilarity(single, runToken(many, run));
      if (p < NAME_SCORING.minPair) continue;
      // A word written with its particle joined ("BENSALEM") takes the particle before any other
      // token may pair with it (in "Ben Salem Ben Al-Hadi" the first "Ben" is the joined one).
      const rank = joinsParticle(single, many[run.members[0]]) ? p + JOINED_PARTICLE_PRIORITY : p;
      options.push(singlesAreQuery ? { p, rank, q: [i], c: run.members } : { p, rank, q: run.members, c: [i] });
    }
  }
  return options;
}

/** Token pairs worth aligning; `initialToWord` selects the pairs of an initial with a full word. */
function pairOptions(q: PreparedToken[], c: PreparedToken[], sim: SimilarityOf, initialToWord: boolean, usedQ: boolean[], usedC: boolean[]): Option[] {
  const options: Option[] = [];
  for (let i = 0; i < q.length; i++) {
    if (usedQ[i]) continue;
    for (let j = 0; j < c.length; j++) {
      if (usedC[j] || ((q[i].cls === 'initial') !== (c[j].cls === 'initial')) !== initialToWord) continue;
      const p = sim(i, j);
      if (p < NAME_SCORING.minPair) continue;
      // A tiny bonus lets single tokens win ties against runs and heavier tokens against light ones.
      const withBonus = p + 1e-3 * (weight(q[i]) + weight(c[j]));
      options.push({ p: withBonus, rank: withBonus, q: [i], c: [j] });
    }
  }
  return options;
}

function greedyPairs(q: PreparedToken[], c: PreparedToken[], options: Option[], usedQ: boolean[], usedC: boolean[]): Pair[] {
  options.sort((x, y) => y.rank - x.rank);
  const pairs: Pair[] = [];
  for (const o of options) {
    if (o.q.some((i) => usedQ[i]) || o.c.some((j) => usedC[j])) continue;
    for (const i of o.q) usedQ[i] = true;
    for (const j of o.c) usedC[j] = true;
    pairs.push({ p: Math.min(1, o.p), wq: groupWeight(q, o.q), wc: groupWeight(c, o.c) });
  }
  return pairs;
}

/**
 * Unmatched significant tokens present on both sides are substitutions: contradicting name parts.
 * With `withInitials` false only full words count (a full word left on both sides contradicts,
 * even if one side also has an initial that could have stood for it).
 */
function substitutions(q: PreparedToken[], c: PreparedToken[], sim: SimilarityOf, usedQ: boolean[], usedC: boolean[], withInitials: boolean): Pair[] {
  const subs: Pair[] = [];
  const eligible = (t: PreparedToken) => significant(t) && (withInitials || t.cls !== 'initial');
  for (;;) {
    let best: [number, number, number] | null = null;
    for (let i = 0; i < q.length; i++) {
      if (usedQ[i] || !eligible(q[i])) continue;
      for (let j = 0; j < c.length; j++) {
        if (usedC[j] || !eligible(c[j])) continue;
        const p = sim(i, j);
        if (!best || p > best[0]) best = [p, i, j];
      }
    }
    if (!best) return subs;
    const [p, i, j] = best;
    usedQ[i] = usedC[j] = true;
    subs.push({ p, wq: weight(q[i]), wc: weight(c[j]) });
  }
}

/** Runs only matter when some word on either side has no close partner among the single tokens. */
function runsMayHelp(q: PreparedToken[], c: PreparedToken[], options: Option[]): boolean {
  const closeQ = new Set<number>();
  const closeC = new Set<number>();
  for (const o of options) {
    if (o.p < 0.9) continue;
    closeQ.add(o.q[0]);
    closeC.add(o.c[0]);
  }
  return q.some((t, i) => t.cls === 'word' && !closeQ.has(i)) || c.some((t, j) => t.cls === 'word' && !closeC.has(j));
}

export function align(q: PreparedToken[], c: PreparedToken[], sim: SimilarityOf): Alignment {
  const usedQ = q.map(() => false);
  const usedC = c.map(() => false);
  // Words first (with split/joined runs), then contradicting words, then initials for what is left.
  const options = pairOptions(q, c, sim, false, usedQ, usedC);
  if (runsMayHelp(q, c, options)) options.push(...runOptions(q, c, true), ...runOptions(c, q, false));
  const pairs = greedyPairs(q, c, options, usedQ, usedC);
  const subs = substitutions(q, c, sim, usedQ, usedC, false);
  pairs.push(...greedyPairs(q, c, pairOptions(q, c, sim, true, usedQ, usedC), usedQ, usedC));
  subs.push(...substitutions(q, c, sim, usedQ, usedC, true));
  let extraQ = 0;
  let extraC = 0;
  q.forEach((t, i) => {
    if (!usedQ[i]) extraQ += weight(t);
  });
  c.forEach((t, j) => {
    if (!usedC[j]) extraC += weight(t);
  });
  return { pairs, subs, extraQ, extraC };
}
