import type ort from 'onnxruntime-node';
import type { Gray, RotatedRect } from '../image/raster.ts';
import type { DecodedLine } from '../ocr/ctc.ts';
import type { Dictionary } from '../ocr/dictionary.ts';
import { recogniseLine } from '../ocr/recognise.ts';
import { countValid } from './checks.ts';
import type { MrzBand } from './locate.ts';
import { parseMrz } from './parse.ts';
import type { MrzResult } from './types.ts';

export interface BandReading {
  mrz: MrzResult;
  /** Line rectangles in reading order and reading direction (page pixels). */
  lines: RotatedRect[];
  recogniseMs: number;
  parseMs: number;
}

/** A reading counts as an MRZ when its birth-date check passes or two other check digits do. */
export function isRead(mrz: MrzResult): boolean {
  if (!mrz.format) return false;
  return mrz.checks.birthDate || countValid(mrz.checks) >= 2;
}

/** The band's lines in reading order for one of the two directions along their axis. */
function orient(band: MrzBand, flipped: boolean, heightScale: number): RotatedRect[] {
  const lines = band.lines.map((l) => ({ ...l, height: l.height * heightScale, angle: flipped ? l.angle + Math.PI : l.angle }));
  return flipped ? lines.reverse() : lines;
}

/** The whole band, and for three lines also its two-line halves (a printed line may have joined). */
function subsets(count: number): number[][] {
  const all = Array.from({ length: count }, (_, i) => i);
  return count === 3 ? [all, [0, 1], [1, 2]] : [all];
}

/**
 * Recognises a band's lines in one reading direction and parses them (each line is recognised
 * once; subsets are only re-parsed). `heightScale` shrinks the crop around the text: the full
 * detector box reads best on 5 of the 6 specimens, 0.85-0.9 on the Canadian one, so a reading
 * whose checks do not all pass is retried tighter by the caller.
 */
export async function readBand(
  rec: ort.InferenceSession,
  dictionary: Dictionary,
  page: Gray,
  band: MrzBand,
  flipped: boolean,
  today: string,
  heightScale = 1,
): Promise<BandReading> {
  const lines = orient(band, flipped, heightScale);
  const t0 = performance.now();
  const decoded: DecodedLine[] = [];
  for (const line of lines) decoded.push(await recogniseLine(rec, dictionary, page, line));
  const t1 = performance.now();
  let best: BandReading | undefined;
  for (const subset of subsets(lines.length)) {
    const mrz = parseMrz(
      subset.map((i) => decoded[i].text),
      { today },
    );
    if (!best || countValid(mrz.checks) > countValid(best.mrz.checks)) best = { mrz, lines: subset.map((i) => lines[i]), recogniseMs: 0, parseMs: 0 };
  }
  return { ...best!, recogniseMs: t1 - t0, parseMs: performance.now() - t1 };
}
