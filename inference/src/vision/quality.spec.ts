import { describe, expect, it } from 'vitest';
import { ARCFACE_TEMPLATE_112 } from './align.ts';
import { assessQuality, laplacianVariance, poseFromLandmarks, type QualityPolicy } from './quality.ts';
import type { Point, RgbImage } from './types.ts';

const policy: QualityPolicy = { minFaceSize: 48, minSharpness: 25, maxYawDegrees: 45, maxPitchDegrees: 35, maxRollDegrees: 35 };

function checkerboard(size: number, cell: number): RgbImage {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) data.fill(((x / cell) ^ (y / cell)) & 1 ? 255 : 0, (y * size + x) * 3, (y * size + x) * 3 + 3);
  return { data, width: size, height: size };
}

describe('quality measures', () => {
  it('variance of the Laplacian is zero on a flat image and high on sharp edges', () => {
    expect(laplacianVariance(new Float32Array(100).fill(7), 10, 10)).toBe(0);
    expect(
      laplacianVariance(
        Float32Array.from({ length: 100 }, (_, i) => (((i % 10) + Math.floor(i / 10)) % 2 ? 255 : 0)),
        10,
        10,
      ),
    ).toBeGreaterThan(1000);
  });

  it('reads a frontal pose from the ArcFace template landmarks', () => {
    const p = poseFromLandmarks(ARCFACE_TEMPLATE_112);
    expect(Math.abs(p.yaw)).toBeLessThan(3);
    expect(Math.abs(p.pitch)).toBeLessThan(3);
    expect(Math.abs(p.roll)).toBeLessThan(1);
  });

  it('reads roll from rotated landmarks and yaw from a nose shifted sideways', () => {
    const r = (30 * Math.PI) / 180;
    const rotated: Point[] = ARCFACE_TEMPLATE_112.map(([x, y]) => [x * Math.cos(r) - y * Math.sin(r), x * Math.sin(r) + y * Math.cos(r)]);
    expect(poseFromLandmarks(rotated).roll).toBeCloseTo(30, 0);
    const turned = ARCFACE_TEMPLATE_112.map((p, i): Point => (i === 2 ? [p[0] + 25, p[1]] : p));
    expect(poseFromLandmarks(turned).yaw).toBeGreaterThan(45);
  });

  it('gives machine-readable reasons for an unusable face', () => {
    const face = { box: { x1: 0, y1: 0, x2: 30, y2: 30 }, score: 0.9, landmarks: ARCFACE_TEMPLATE_112 };
    const flat: RgbImage = { data: new Uint8Array(112 * 112 * 3).fill(128), width: 112, height: 112 };
    expect(assessQuality(face, flat, policy).reasons).toEqual(['face_too_small', 'face_blurry']);
    const big = { ...face, box: { x1: 0, y1: 0, x2: 200, y2: 220 } };
    expect(assessQuality(big, checkerboard(112, 4), policy).reasons).toEqual([]);
  });
});
