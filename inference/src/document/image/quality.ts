import { laplacianVariance as visionLaplacianVariance } from '../../vision/quality.ts';
import type { Gray } from './raster.ts';

/**
 * Variance of the 4-neighbour Laplacian over the interior pixels: the usual focus measure
 * (Pech-Pacheco et al. 2000). Sharp text gives large values; defocus and motion blur flatten it.
 * The same measure as face quality's (one implementation, in the shared vision module).
 */
export function laplacianVariance(image: Gray): number {
  return visionLaplacianVariance(image.data, image.width, image.height);
}
