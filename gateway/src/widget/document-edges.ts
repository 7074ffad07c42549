/**
 * Finds a document's outline in a grey image of the guide rectangle (document-guidance.ts): four
 * straight edges, each running along most of its side, that enclose a card- or page-shaped box.
 *
 * How: the image is cut into SEGMENTS strips across each side. In every strip the mean signed luma step
 * across each column (left and right sides) or row (top and bottom) is summed once for the whole
 * image, and the first step from the guide's border inward that reaches MIN_EDGE_STEP (up into the
 * inside: paper is brighter than a table or a hand) is that strip's edge candidate. A side has an
 * edge when candidates lie on one straight line (a pair of candidates proposes a line, the others
 * vote), tilted at most MAX_SLOPE, in one unbroken run of strips along most of the box's side. Paper
 * against a table or a hand makes such a line; a face, hair, a curtain or print make steps that
 * wander from strip to strip, touching a line only here and there. Cost: two passes over the pixels.
 */

/** Strips per side. */
const SEGMENTS = 16;
/** The step across an edge is taken over 2 * SPAN pixels, so a slightly defocused edge still counts. */
const SPAN = 3;
/** Mean luma step (0-255) across a strip of an edge: paper against a table or a hand. */
const MIN_EDGE_STEP = 18;
/** Candidates are looked for this far (share of the side's length) in from each side of the guide. */
const SEARCH_BAND = 0.45;
/** A candidate this close (pixels at the analysis scale) to a line is on it. */
const LINE_TOLERANCE = 3;
/** At most this tilt (about 9 degrees): the user lines the document up with the guide. */
const MAX_SLOPE = 0.16;
/** Strips on one line for an edge: a short straight piece (a collar, a door frame) is not enough. */
const MIN_INLIERS = 4;
/** Mean luma (0-255) of paper in good light: a document on a whiter desk is found only when this light inside. */
const MIN_PAPER_LUMA = 150;
/** An edge must run along this share of the side of the box it bounds. */
const MIN_COVERAGE = 0.6;

/** A straight edge: position = a + b * t, t along the side (y for left and right, x for top and bottom). */
export interface Edge {
  a: number;
  b: number;
  /** Span covered by the strips on the line (t, pixels). */
  from: number;
  to: number;
}

export interface DocumentOutline {
  /** Sides (of 4) with a straight edge that covers its side of the box. */
  edges: number;
  /** The box the edges enclose (where a side has no edge: the guide's border). */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Width over height of the box. */
  aspect: number;
  /** Share of the guide's area inside the box. */
  fill: number;
}

type Side = 'left' | 'right' | 'top' | 'bottom';

/** The outline of the document in the guide, as far as its edges show. */
export function findOutline(gray: ArrayLike<number>, width: number, height: number): DocumentOutline {
  const { cols, rows } = stripSteps(gray, width, height);
  // Paper is brighter than what is around it on every side (a table, a hand): the scan looks for a
  // step up into the inside, so a document's printed border line (dark, between a grey table and white
  // paper) does not hide the paper's edge just inside it. Paper on a whiter desk is darker than
  // around it: that case counts only with all four edges around a paper-light inside, as a dark suit
  // or a shadow framed by a lighter background (face photos) has four such edges just as often.
  const edgesFor = (inward: 1 | -1): Record<Side, Edge | undefined> => ({
    left: sideEdge(cols, width, height, 1, inward),
    right: sideEdge(cols, width, height, -1, inward),
    top: sideEdge(rows, height, width, 1, inward),
    bottom: sideEdge(rows, height, width, -1, inward),
  });
  const count = (e: Record<Side, Edge | undefined>) => Object.values(e).filter(Boolean).length;
  const brighter = edgesFor(1);
  const darker = count(brighter) === 4 ? undefined : edgesFor(-1);
  const found = darker && count(darker) === 4 && paperInside(gray, width, darker) ? darker : brighter;
  const cx = width / 2;
  const cy = height / 2;
  const at = (e: Edge | undefined, t: number, fallback: number) => (e ? e.a + e.b * t : fallback);
  let left = at(found.left, cy, 0);
  let right = at(found.right, cy, width - 1);
  let top = at(found.top, cx, 0);
  let bottom = at(found.bottom, cx, height - 1);
  // Once more at the box's own centre (matters only for tilted edges).
  const mx = (left + right) / 2;
  const my = (top + bottom) / 2;
  left = at(found.left, my, 0);
  right = at(found.right, my, width - 1);
  top = at(found.top, mx, 0);
  bottom = at(found.bottom, mx, height - 1);
  const w = right - left;
  const h = bottom - top;
  if (w <= 0 || h <= 0) return { edges: 0, left: 0, right: width - 1, top: 0, bottom: height - 1, aspect: width / height, fill: 1 };
  const covers = (e: Edge | undefined, from: number, to: number) => e !== undefined && e.to - e.from >= MIN_COVERAGE * (to - from);
  const edges = [covers(found.left, top, bottom), covers(found.right, top, bottom), covers(found.top, left, right), covers(found.bottom, left, right)].filter(
    Boolean,
  ).length;
  return { edges, left, right, top, bottom, aspect: w / h, fill: (w * h) / (width * height) };
}

/** The mean luma inside the four edges (at their centres) is that of paper in good light. */
function paperInside(gray: ArrayLike<number>, width: number, e: Record<Side, Edge | undefined>): boolean {
  const height = gray.length / width;
  const x0 = Math.max(0, Math.ceil(e.left?.a ?? 0) + SPAN);
  const x1 = Math.min(width, Math.floor(e.right?.a ?? width) - SPAN);
  const y0 = Math.max(0, Math.ceil(e.top?.a ?? 0) + SPAN);
  const y1 = Math.min(height, Math.floor(e.bottom?.a ?? height) - SPAN);
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2, n++) sum += gray[y * width + x];
  return n > 0 && sum / n >= MIN_PAPER_LUMA;
}

/**
 * Per strip, the summed signed step across every column (cols[k][x], strip k of the rows) and
 * across every row (rows[k][y], strip k of the columns).
 */
function stripSteps(gray: ArrayLike<number>, width: number, height: number): { cols: Float64Array[]; rows: Float64Array[] } {
  const cols = Array.from({ length: SEGMENTS }, () => new Float64Array(width));
  const rows = Array.from({ length: SEGMENTS }, () => new Float64Array(height));
  const colStrip = new Uint8Array(width);
  for (let x = 0; x < width; x++) colStrip[x] = Math.min(SEGMENTS - 1, Math.floor((x * SEGMENTS) / width));
  for (let y = 0; y < height; y++) {
    const strip = cols[Math.min(SEGMENTS - 1, Math.floor((y * SEGMENTS) / height))];
    const o = y * width;
    for (let x = SPAN; x < width - SPAN; x++) strip[x] += gray[o + x + SPAN] - gray[o + x - SPAN];
  }
  for (let y = SPAN; y < height - SPAN; y++) {
    const above = (y - SPAN) * width;
    const below = (y + SPAN) * width;
    for (let x = 0; x < width; x++) rows[colStrip[x]][y] += gray[below + x] - gray[above + x];
  }
  return { cols, rows };
}

/** A strip's edge candidate: strip k, centred at t along the side, the step at position p. */
interface Candidate {
  k: number;
  t: number;
  p: number;
}

/** The longest run of candidates (ordered by strip) with at most one strip missing between neighbours. */
function longestRun(on: Candidate[]): Candidate[] {
  let best: Candidate[] = [];
  let from = 0;
  for (let i = 1; i <= on.length; i++) {
    if (i < on.length && on[i].k - on[i - 1].k <= 2) continue;
    if (i - from > best.length) best = on.slice(from, i);
    from = i;
  }
  return best;
}

/**
 * The straight edge nearest to one side of the guide: `steps[k][p]` is strip k's summed step at
 * position p (0..extent-1), strips cut `length` into SEGMENTS; `dir` +1 scans from position 0 inward,
 * -1 from the far end; `inward` +1 looks for a step up into the inside (paper brighter than around it), -1 down.
 */
function sideEdge(steps: Float64Array[], extent: number, length: number, dir: 1 | -1, inward: 1 | -1): Edge | undefined {
  const want = dir * inward;
  const stripLength = length / SEGMENTS;
  const band = Math.floor(extent * SEARCH_BAND);
  const cand: Candidate[] = [];
  for (let k = 0; k < SEGMENTS; k++) {
    const n = Math.round((k + 1) * stripLength) - Math.round(k * stripLength);
    const s = steps[k];
    for (let i = SPAN; i < band; i++) {
      const p = dir > 0 ? i : extent - 1 - i;
      if ((want * s[p]) / n < MIN_EDGE_STEP) continue;
      // Climb to the strongest step of this edge (a soft edge crosses the threshold early).
      let best = p;
      for (let j = 1; j <= 2 * SPAN; j++) {
        const q = p + dir * j;
        if (q < 0 || q >= extent || want * s[q] <= 0) break;
        if (want * s[q] > want * s[best]) best = q;
      }
      cand.push({ k, t: (k + 0.5) * stripLength, p: best });
      break;
    }
  }
  // The line whose strips run along the side longest without a break (one strip may be missing: a
  // finger, a glare spot): a document's edge is one straight run, a face's or a curtain's outline
  // touches a line here and there.
  let inliers: typeof cand = [];
  let longest = 0;
  for (let i = 0; i < cand.length; i++) {
    for (let j = i + 1; j < cand.length; j++) {
      const c = cand[i];
      const d = cand[j];
      const b = (d.p - c.p) / (d.t - c.t);
      if (Math.abs(b) > MAX_SLOPE) continue;
      const on = cand.filter((e) => Math.abs(c.p + b * (e.t - c.t) - e.p) <= LINE_TOLERANCE);
      const run = longestRun(on);
      const span = run.length ? run[run.length - 1].k - run[0].k + 1 : 0;
      if (span > longest || (span === longest && run.length > inliers.length)) {
        longest = span;
        inliers = run;
      }
    }
  }
  if (inliers.length < MIN_INLIERS) return undefined;
  // Least squares through the strips on the line.
  const n = inliers.length;
  const mt = inliers.reduce((s, e) => s + e.t, 0) / n;
  const mp = inliers.reduce((s, e) => s + e.p, 0) / n;
  let stt = 0;
  let stp = 0;
  for (const e of inliers) {
    stt += (e.t - mt) ** 2;
    stp += (e.t - mt) * (e.p - mp);
  }
  const b = stt > 0 ? stp / stt : 0;
  return {
    a: mp - b * mt,
    b,
    from: inliers[0].t - stripLength / 2,
    to: inliers[n - 1].t + stripLength / 2,
  };
}
