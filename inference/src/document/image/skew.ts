import type { Gray } from './raster.ts';

/**
 * Dominant edge orientation modulo 90 degrees, in degrees within (-45, 45]: a card, its text rows
 * and a PDF417's bars and rows all have edges at 0 and 90 degrees in the card's frame, so this is
 * the card's skew. Gradient angles are doubled twice (×4) so that 0, 90, 180 and 270 coincide,
 * then averaged weighted by squared magnitude (a structure-tensor style estimate).
 */
export function dominantSkewDegrees(image: Gray, step = 2): number {
  const { data, width, height } = image;
  let sumCos = 0;
  let sumSin = 0;
  for (let y = 1; y < height - 1; y += step) {
    for (let x = 1; x < width - 1; x += step) {
      const i = y * width + x;
      // Scharr kernels: nearly rotation-invariant gradient directions, unlike central differences.
      const gx = 3 * (data[i - width + 1] - data[i - width - 1] + data[i + width + 1] - data[i + width - 1]) + 10 * (data[i + 1] - data[i - 1]);
      const gy = 3 * (data[i + width - 1] - data[i - width - 1] + data[i + width + 1] - data[i - width + 1]) + 10 * (data[i + width] - data[i - width]);
      const m2 = gx * gx + gy * gy;
      if (m2 < 40000) continue;
      const a4 = 4 * Math.atan2(gy, gx);
      sumCos += m2 * Math.cos(a4);
      sumSin += m2 * Math.sin(a4);
    }
  }
  if (sumCos === 0 && sumSin === 0) return 0;
  return (Math.atan2(sumSin, sumCos) / 4) * (180 / Math.PI);
}
