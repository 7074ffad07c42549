import { laplacianVariance } from './image/quality.ts';
import type { Gray } from './image/raster.ts';

/** Pages smaller than this cannot hold a legible MRZ (a TD1 line needs ~6 px per character). */
export const MIN_SHORT_SIDE = 120;
export const MIN_LONG_SIDE = 180;

/**
 * Focus thresholds on the Laplacian variance at detector scale (long side at most 960). The six
 * specimens measure 2,580-7,530; the Utopia passport blurred with sigma 2 px measures 44 and is
 * still read, with sigma 3 px it measures 10 and is not. Below HOPELESS nothing is attempted;
 * below SOFT the reason is added when reading fails.
 */
export const BLUR_HOPELESS = 25;
export const BLUR_SOFT = 150;

export interface PageQuality {
  sharpness: number;
  tooSmall: boolean;
}

export function pageTooSmall(page: Gray): boolean {
  return Math.min(page.width, page.height) < MIN_SHORT_SIDE || Math.max(page.width, page.height) < MIN_LONG_SIDE;
}

/** Measures focus on the page when it is no larger than the detector input, else on that input. */
export function sharpnessOf(page: Gray, detectorInput: Gray): number {
  return laplacianVariance(page.width <= detectorInput.width ? page : detectorInput);
}
