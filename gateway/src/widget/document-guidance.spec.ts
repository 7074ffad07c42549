import { describe, expect, it } from 'vitest';
import { ANALYSIS_WIDTH, documentGuidance, guideRect } from './document-guidance.ts';

const W = ANALYSIS_WIDTH;
const H = W / 1.5;

/** Print-like content: 6x6 px blocks of dark ink or paper, deterministic. */
function printed(x: number, y: number): number {
  const b = Math.floor(x / 6) * 7919 + Math.floor(y / 6) * 104729;
  return (b * 2654435761) % 97 < 40 ? 30 : 230;
}

function image(pixel: (x: number, y: number) => number): Float32Array {
  const g = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) g[y * W + x] = pixel(x, y);
  return g;
}

/** Separable box blur, `passes` times (close to a Gaussian). */
function blurred(src: Float32Array, radius: number, passes: number): Float32Array {
  let a = src;
  for (let p = 0; p < passes; p++) {
    const h = new Float32Array(a.length);
    const v = new Float32Array(a.length);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        let s = 0;
        let n = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = x + k;
          if (xx >= 0 && xx < W) {
            s += a[y * W + xx];
            n++;
          }
        }
        h[y * W + x] = s / n;
      }
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        let s = 0;
        let n = 0;
        for (let k = -radius; k <= radius; k++) {
          const yy = y + k;
          if (yy >= 0 && yy < H) {
            s += h[yy * W + x];
            n++;
          }
        }
        v[y * W + x] = s / n;
      }
    a = v;
  }
  return a;
}

/** MRZ-like print: 3 px wide characters across the whole line, dark on light. */
const mrz = (x: number, y: number) => ((Math.floor(x / 3) * 7919 + Math.floor(y / 3) * 31) % 5 < 2 ? 30 : 230);

/**
 * A passport-like page (1.42:1, 88 % of the guide's width) on a darker table: printed fields in its
 * upper part, two MRZ lines along the bottom.
 */
const PAGE = { left: W * 0.06, right: W * 0.94, top: H / 2 - (W * 0.88) / 1.42 / 2, bottom: H / 2 + (W * 0.88) / 1.42 / 2 };
function page(x: number, y: number, zone = true): number {
  if (x < PAGE.left || x > PAGE.right || y < PAGE.top || y > PAGE.bottom) return 70;
  const u = (x - PAGE.left) / (PAGE.right - PAGE.left);
  const v = (y - PAGE.top) / (PAGE.bottom - PAGE.top);
  if (zone && u > 0.05 && u < 0.95 && ((v > 0.78 && v < 0.84) || (v > 0.88 && v < 0.94))) return mrz(x, y);
  if (u > 0.35 && u < 0.7 && v > 0.1 && v < 0.6 && Math.floor(v * 20) % 2 === 0) return printed(x, y);
  return 225;
}
const onTable = (x: number, y: number) => page(x, y);

describe('document camera guidance', () => {
  const doc = image(onTable);

  it('a sharp, lit page of passport shape with an MRZ filling the guide: ready', () => {
    expect(documentGuidance(doc, W, H)).toBe('doc_guide_ready');
  });

  it('the same page without its MRZ lines: show the other side', () => {
    expect(
      documentGuidance(
        image((x, y) => page(x, y, false)),
        W,
        H,
      ),
    ).toBe('doc_guide_side');
  });

  it("the front of a two-sided document (no zone expected): ready without MRZ lines, never 'turn it over'", () => {
    const front = image((x, y) => page(x, y, false));
    expect(documentGuidance(front, W, H, { needsZone: false })).toBe('doc_guide_ready');
    // Still no document without one in view.
    expect(documentGuidance(new Float32Array(W * H).fill(120), W, H, { needsZone: false })).toBe('doc_guide_none');
  });

  it('an empty guide, a busy scene without straight edges, a square: no document; a small document: come closer', () => {
    expect(
      documentGuidance(
        image(() => 128),
        W,
        H,
      ),
    ).toBe('doc_guide_none');
    // Contrast everywhere (leaves, gravel, a patterned cloth), but no straight edges.
    const busy = (x: number, y: number) => ((Math.sin(x * 12.9898 + y * 78.233) * 43758.5453) % 1 < 0 ? 40 : 210);
    expect(documentGuidance(image(busy), W, H)).toBe('doc_guide_none');
    const square = image((x, y) => (Math.abs(x - W / 2) < H * 0.4 && Math.abs(y - H / 2) < H * 0.4 ? 220 : 70));
    expect(documentGuidance(square, W, H)).toBe('doc_guide_none');
    const small = image((x, y) =>
      Math.abs(x - W / 2) < W * 0.25 && Math.abs(y - H / 2) < (W * 0.25) / 1.42 ? page(2 * (x - W / 2) + W / 2, 2 * (y - H / 2) + H / 2) : 70,
    );
    expect(documentGuidance(small, W, H)).toBe('doc_guide_frame');
  });

  it('a document in dim light: too dark', () => {
    expect(
      documentGuidance(
        doc.map((v) => v * 0.15),
        W,
        H,
      ),
    ).toBe('doc_guide_dark');
  });

  it('a defocused document still fills the guide but is blurry (the shared Laplacian-variance measure)', () => {
    expect(documentGuidance(blurred(doc, 3, 3), W, H)).toBe('doc_guide_blurry');
    expect(documentGuidance(blurred(doc, 1, 1), W, H)).toBe('doc_guide_ready');
  });

  it('the guide rectangle is centred, 1.5:1, inside the frame', () => {
    const r = guideRect(640, 480);
    expect(r.width).toBeCloseTo(563.2);
    expect(r.height).toBeCloseTo(563.2 / 1.5);
    expect(r.x).toBeCloseTo((640 - 563.2) / 2);
    expect(r.y).toBeCloseTo((480 - 563.2 / 1.5) / 2);
    const tall = guideRect(400, 200); // a very wide frame: the height limits the guide
    expect(tall.height).toBeCloseTo(180);
    expect(tall.width).toBeCloseTo(270);
    expect(tall.x).toBeCloseTo(65);
  });
});
