import type ort from 'onnxruntime-node';
import type { Gray } from '../image/raster.ts';
import { findTextLines } from '../ocr/find-lines.ts';
import type { Dictionary } from '../ocr/dictionary.ts';
import { recogniseLine } from '../ocr/recognise.ts';
import { parsePrintedFields, type PrintedFields, type PrintedLine } from './parse-printed.ts';

/** Characters of printed Latin-script fields; the recogniser's CJK classes are excluded so noise cannot become them. */
const PRINTED_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;/-'’()ÀÁÂÄÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕØÚÙÛÜÝßàáâäãåçéèêëíìîïñóòôöõøúùûüýÿ";
/** Lines recognised at most (a card front has about 15-25): bounds the time on a busy photo. */
const MAX_LINES = 40;
/** Lines tilted more than this (radians, ~6°) are not read: labels and values are level on a level card. */
const MAX_TILT = 0.1;

const classCache = new WeakMap<Dictionary, Int32Array>();

function printedClasses(dictionary: Dictionary): Int32Array {
  let classes = classCache.get(dictionary);
  if (!classes) {
    const index = new Map(dictionary.classes.map((c, i) => [c, i]));
    classes = Int32Array.from([...PRINTED_ALPHABET].map((c) => index.get(c)).filter((i): i is number => i !== undefined));
    classCache.set(dictionary, classes);
  }
  return classes;
}

/**
 * The printed text of a document side (a card front): detects the text lines, recognises each
 * over Latin-script classes and parses the labelled fields (parse-printed.ts).
 */
export async function readPrinted(
  models: { det: ort.InferenceSession; rec: ort.InferenceSession; dictionary: Dictionary },
  page: Gray,
  detectorInput: Gray,
): Promise<PrintedFields> {
  const boxes = (await findTextLines(models.det, page, detectorInput))
    .filter((l) => Math.abs(l.angle) < MAX_TILT && l.width > l.height)
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx)
    .slice(0, MAX_LINES);
  const allowed = printedClasses(models.dictionary);
  const lines: PrintedLine[] = [];
  for (const box of boxes) {
    const decoded = await recogniseLine(models.rec, models.dictionary, page, box, allowed);
    if (decoded.text.trim()) lines.push({ text: decoded.text, confidence: decoded.confidence, x: box.cx - box.width / 2, cy: box.cy, height: box.height });
  }
  return parsePrintedFields(lines);
}
