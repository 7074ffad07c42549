import ort from 'onnxruntime-node';
import type { Gray } from '../image/raster.ts';
import { dbPostprocess, type TextBox } from './db-postprocess.ts';

// PaddleOCR DB detector normalisation (ImageNet mean/std on 0..1 values).
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** Largest side of the detector input; sides are rounded to multiples of 32 (DB's stride). */
export const DET_MAX_SIDE = 960;

/**
 * Detector scale for a page: 960 (PaddleOCR's default limit), but small scans are upscaled at most
 * ~2.5x, down to 640: the German card back (250 px) reads the same at 640 for 40% of the time.
 */
export function detectorSideFor(width: number, height: number): number {
  return Math.min(DET_MAX_SIDE, Math.max(640, Math.ceil((Math.max(width, height) * 2.5) / 32) * 32));
}

/** Detector input size for a page: longest side scaled to `maxSide`, both sides multiples of 32. */
export function detectorSize(width: number, height: number, maxSide = DET_MAX_SIDE): { width: number; height: number } {
  const scale = maxSide / Math.max(width, height);
  const round32 = (v: number) => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

function toTensor(image: Gray): ort.Tensor {
  const plane = image.width * image.height;
  const data = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const offset = c * plane;
    const scale = 1 / (255 * STD[c]);
    const bias = MEAN[c] / STD[c];
    for (let i = 0; i < plane; i++) data[offset + i] = image.data[i] * scale - bias;
  }
  return new ort.Tensor('float32', data, [1, 3, image.height, image.width]);
}

/** Runs the DB text detector on an already resized grey page; boxes are in `input` pixels. */
export async function detectText(session: ort.InferenceSession, input: Gray): Promise<TextBox[]> {
  const feeds = { [session.inputNames[0]]: toTensor(input) };
  const result = await session.run(feeds);
  const map = result[session.outputNames[0]];
  const [, , h, w] = map.dims;
  const boxes = dbPostprocess(map.data as Float32Array, w, h);
  map.dispose();
  return boxes;
}
