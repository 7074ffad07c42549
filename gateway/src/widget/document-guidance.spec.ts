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

/** A printed card on a darker table, its edges 4 % inside the guide. */
const onTable = (x: number, y: number) => (x > W * 0.04 && x < W * 0.96 && y > H * 0.04 && y < H * 0.96 ? printed(x, y) : 70);

describe('document camera guidance', () => {
  const doc = image(onTable);

  it('a sharp, lit document filling the guide: ready', () => {
    expect(documentGuidance(doc, W, H)).toBe('doc_guide_ready');
  });

  it('an empty guide, a busy scene without straight card edges, or a document covering only the middle: fill the frame', () => {
    expect(
      documentGuidance(
        image(() => 128),
        W,
        H,
      ),
    ).toBe('doc_guide_frame');
    expect(documentGuidance(image(printed), W, H)).toBe('doc_guide_frame'); // contrast everywhere, but no card edge
    const small = image((x, y) => (Math.abs(x - W / 2) < W * 0.25 && Math.abs(y - H / 2) < H * 0.25 ? printed(x, y) : 110));
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
