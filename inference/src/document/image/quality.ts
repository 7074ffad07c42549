import type { Gray } from './raster.ts';

/**
 * Variance of the 4-neighbour Laplacian over the interior pixels: the usual focus measure
 * (Pech-Pacheco et al. 2000). Sharp text gives large values; defocus and motion blur flatten it.
 */
export function laplacianVariance(image: Gray): number {
  const { data, width, height } = image;
  let sum = 0;
  let sumSq = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = data[i - 1] + data[i + 1] + data[i - width] + data[i + width] - 4 * data[i];
      sum += lap;
      sumSq += lap * lap;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sumSq / count - mean * mean;
}
