import { parseAamva } from './barcode/aamva.ts';
import { decodePdf417 } from './barcode/pdf417.ts';
import { decodeDocument, type DecodedPage } from './image/decode.ts';
import type { Gray, RotatedRect } from './image/raster.ts';
import { countValid } from './mrz/checks.ts';
import { todayIso } from './mrz/dates.ts';
import { findMrzBands, type LineBox, type MrzBand } from './mrz/locate.ts';
import { isRead, readBand, type BandReading } from './mrz/read-band.ts';
import { detectorSideFor } from './ocr/detect.ts';
import { detectorInputFor, findTextLines } from './ocr/find-lines.ts';
import { loadOcrModels, type OcrModels } from './ocr/models.ts';
import { BLUR_HOPELESS, BLUR_SOFT, pageTooSmall, sharpnessOf } from './page-quality.ts';
import { readPrinted } from './printed/read-printed.ts';
import { readingFromBarcode, readingFromMrz, unreadable } from './reading.ts';
import { StageClock } from './stage-clock.ts';
import type { DocumentReading, ReadDocumentOptions } from './types.ts';

/** At most this many (band, direction) pairs are recognised before giving up on the MRZ. */
const MAX_ATTEMPTS = 3;
/** Detector scale (long side) of the second look when the first finds no readable MRZ. */
const DET_FALLBACK_SIDE = 736;
/** Crop height for the second reading of an MRZ whose check digits do not all pass. */
const RETRY_HEIGHT_SCALE = 0.85;

/** Whether a line's text area (box minus the detector's unclip margin) reaches the page edge. */
function touchesEdge(line: RotatedRect, page: Gray): boolean {
  const inset = line.height * 0.25;
  const hw = line.width / 2 - inset;
  const hh = line.height / 2 - inset;
  const [c, s] = [Math.cos(line.angle), Math.sin(line.angle)];
  return [
    [-hw, -hh],
    [hw, -hh],
    [-hw, hh],
    [hw, hh],
  ].some(([u, v]) => {
    const x = line.cx + u * c - v * s;
    const y = line.cy + u * s + v * c;
    return x < 1 || y < 1 || x > page.width - 1 || y > page.height - 1;
  });
}

interface MrzAttempt {
  read?: BandReading;
  reasons: string[];
}

function timed(reading: BandReading, clock: StageClock): BandReading {
  clock.add('recognise', reading.recogniseMs);
  clock.add('parse', reading.parseMs);
  return reading;
}

/**
 * The lowest bands in the detector's direction first, then the highest band read upside down
 * (a document photographed rotated by half a turn has its MRZ at the top).
 */
function attemptsFor(bands: MrzBand[]): Array<{ band: MrzBand; flipped: boolean }> {
  const upright = bands.slice(0, MAX_ATTEMPTS - 1).map((band) => ({ band, flipped: false }));
  const multi = bands.filter((b) => b.lines.length >= 2);
  const top = multi.length ? multi[multi.length - 1] : bands[bands.length - 1];
  return top ? [...upright, { band: top, flipped: true }] : upright;
}

async function readMrz(models: OcrModels, page: Gray, lines: LineBox[], today: string, clock: StageClock): Promise<MrzAttempt> {
  const bands = findMrzBands(lines);
  if (bands.length === 0) return { reasons: ['mrz_not_found'] };
  let cutOff = false;
  let partial = false;
  for (const { band, flipped } of attemptsFor(bands)) {
    const read = (heightScale: number) => readBand(models.rec, models.dictionary, page, band, flipped, today, heightScale);
    let reading = timed(await read(1), clock);
    if (isRead(reading.mrz) && !reading.mrz.valid) {
      const tighter = timed(await read(RETRY_HEIGHT_SCALE), clock);
      if (countValid(tighter.mrz.checks) > countValid(reading.mrz.checks)) reading = tighter;
    }
    const atEdge = band.lines.some((line) => touchesEdge(line, page));
    if (isRead(reading.mrz)) return { read: reading, reasons: atEdge && !reading.mrz.valid ? ['mrz_cut_off'] : [] };
    cutOff ||= atEdge;
    // An MRZ-looking line that does not make a whole zone: the rest is outside the picture.
    partial ||= !reading.mrz.format && reading.mrz.lines.some((line) => line.includes('<<<'));
  }
  return { reasons: [cutOff ? 'mrz_cut_off' : partial ? 'mrz_incomplete' : 'mrz_unreadable'] };
}

const validCount = (attempt: MrzAttempt) => (attempt.read ? 1 + countValid(attempt.read.mrz.checks) : 0);

/**
 * Detects text lines and reads the MRZ; when that gives no MRZ, or one with a failing check digit,
 * looks again at a second detector scale, which finds lines the first merged or missed (measured
 * by bench/document-read on 30 fixture variants: 26 read with both scales, 23 with 960 alone).
 */
async function locateAndReadMrz(models: OcrModels, page: Gray, detectorInput: Gray, today: string, clock: StageClock): Promise<MrzAttempt> {
  const first = await readMrz(models, page, await clock.time('locate', () => findTextLines(models.det, page, detectorInput)), today, clock);
  if (first.read?.mrz.valid) return first;
  const lines = await clock.time('locate', async () => findTextLines(models.det, page, await detectorInputFor(page, DET_FALLBACK_SIDE)));
  const second = await readMrz(models, page, lines, today, clock);
  return validCount(second) > validCount(first) ? second : first;
}

async function readBarcode(decoded: DecodedPage, clock: StageClock): Promise<ReturnType<typeof parseAamva> | undefined> {
  const text = await clock.time('barcode', () => decodePdf417(decoded.page));
  if (text === undefined) return undefined;
  const aamva = parseAamva(text);
  return aamva.valid ? aamva : undefined;
}

/**
 * Reads an identity document photo: finds and parses the MRZ (TD1/TD2/TD3/MRV) or, failing that,
 * a North American licence's PDF417 barcode. Throws DocumentInputError only for input that is not
 * a decodable image within the pixel limit; a bad document is a reading with status
 * document_unreadable or dob_unreadable (SPEC section 2.5). Runs inside a worker thread: the OCR
 * sessions are loaded once per thread and nothing is logged.
 */
export async function readDocument(image: Uint8Array, options: ReadDocumentOptions = {}): Promise<DocumentReading> {
  const clock = new StageClock(options.checkpoint);
  const reading = await readZones(image, options, clock);
  const noZone = !reading.result.zones.mrz && !reading.result.zones.barcode;
  const wanted = options.readPrinted === 'always' || (options.readPrinted === 'without-zone' && noZone);
  if (!wanted || !reading.page) return reading.result;
  const { page, detectorInput, models } = reading.page;
  const printed = await clock.time('printed', () => readPrinted(models, page, detectorInput));
  const result = { ...reading.result, timingsMs: clock.finish() };
  return Object.keys(printed).length ? { ...result, zones: { ...result.zones, printed } } : result;
}

interface ReadPage {
  page: Gray;
  detectorInput: Gray;
  models: OcrModels;
}

async function readZones(image: Uint8Array, options: ReadDocumentOptions, clock: StageClock): Promise<{ result: DocumentReading; page?: ReadPage }> {
  const out = (result: DocumentReading, page?: ReadPage) => ({ result, page });
  const today = options.today ?? todayIso();
  const decoded = await clock.time('decode', () => decodeDocument(image, options.maxPixels));
  const { page } = decoded;
  if (pageTooSmall(page)) return out(unreadable(['image_too_small'], clock.finish()));
  const models = await clock.time('modelLoad', () => loadOcrModels());
  const detectorInput = await clock.time('locate', () => detectorInputFor(page, detectorSideFor(page.width, page.height)));
  const sharpness = await clock.time('quality', () => sharpnessOf(page, detectorInput));
  if (sharpness < BLUR_HOPELESS) return out(unreadable(['image_blurred'], clock.finish(), { sharpness }));
  const read = { page, detectorInput, models };
  const mrz = await locateAndReadMrz(models, page, detectorInput, today, clock);
  if (mrz.read) {
    const reading = readingFromMrz(mrz.read.mrz, mrz.read.lines, decoded, clock.finish());
    return out({ ...reading, reasons: [...reading.reasons, ...mrz.reasons], sharpness }, read);
  }
  const barcode = await readBarcode(decoded, clock);
  if (barcode) return out({ ...readingFromBarcode(barcode, clock.finish()), sharpness }, read);
  const reasons = [...mrz.reasons, 'barcode_not_found', ...(sharpness < BLUR_SOFT ? ['image_blurred'] : [])];
  return out(unreadable(reasons, clock.finish(), { sharpness }), read);
}
