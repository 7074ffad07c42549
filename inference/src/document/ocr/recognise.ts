import ort from 'onnxruntime-node';
import { sampleRotatedRect, type Gray, type RotatedRect } from '../image/raster.ts';
import { ctcGreedyDecode, type DecodedLine } from './ctc.ts';
import type { Dictionary } from './dictionary.ts';

/** PP-OCRv4 recogniser input height. */
export const REC_HEIGHT = 48;
const REC_MAX_WIDTH = 2048;

function lineTensor(line: Gray): ort.Tensor {
  const plane = line.width * line.height;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) data[i] = line.data[i] / 127.5 - 1;
  data.copyWithin(plane, 0, plane);
  data.copyWithin(2 * plane, 0, plane);
  return new ort.Tensor('float32', data, [1, 3, line.height, line.width]);
}

/**
 * Cuts one text line out of `page`, scales it to the recogniser's height and decodes it over
 * `allowed` classes (the MRZ alphabet unless told otherwise).
 */
export async function recogniseLine(
  session: ort.InferenceSession,
  dictionary: Dictionary,
  page: Gray,
  rect: RotatedRect,
  allowed = dictionary.mrzClasses,
): Promise<DecodedLine> {
  const width = Math.min(REC_MAX_WIDTH, Math.max(REC_HEIGHT, Math.round((REC_HEIGHT * rect.width) / rect.height)));
  const line = sampleRotatedRect(page, rect, width, REC_HEIGHT);
  const result = await session.run({ [session.inputNames[0]]: lineTensor(line) });
  const out = result[session.outputNames[0]];
  const [, steps, classes] = out.dims;
  const decoded = ctcGreedyDecode(out.data as Float32Array, steps, classes, allowed, dictionary.classes);
  out.dispose();
  return decoded;
}
