import { decodeDocument } from '../../inference/src/document/image/decode.ts';
import { parseMrz } from '../../inference/src/document/mrz/parse.ts';
import { DET_MAX_SIDE } from '../../inference/src/document/ocr/detect.ts';
import { detectorInputFor, findTextLines } from '../../inference/src/document/ocr/find-lines.ts';
import type { OcrModels } from '../../inference/src/document/ocr/models.ts';
import { recogniseLine } from '../../inference/src/document/ocr/recognise.ts';

export interface NaiveResult {
  ms: number;
  lines: number;
  mrzValid: boolean;
}

/**
 * Baseline: the usual full-page OCR pass (detect every text line, recognise every line over the
 * whole 6,623-character dictionary, top to bottom), then parse the MRZ-looking lines. Same models,
 * same decoder and detector size as readDocument; only the strategy differs.
 */
export async function naiveFullPageRead(models: OcrModels, image: Uint8Array): Promise<NaiveResult> {
  const t0 = performance.now();
  const { page } = await decodeDocument(image);
  const lines = await findTextLines(models.det, page, await detectorInputFor(page, DET_MAX_SIDE));
  const everyClass = Int32Array.from({ length: models.dictionary.classes.length - 1 }, (_, i) => i + 1);
  const texts: string[] = [];
  for (const line of [...lines].sort((a, b) => a.cy - b.cy)) texts.push((await recogniseLine(models.rec, models.dictionary, page, line, everyClass)).text);
  const mrzLines = texts.map((t) => t.replace(/\s+/g, '')).filter((t) => t.length >= 28 && t.includes('<<'));
  const mrz = parseMrz(mrzLines.slice(-3));
  return { ms: performance.now() - t0, lines: lines.length, mrzValid: mrz.valid };
}
