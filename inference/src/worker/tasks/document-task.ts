import { appError, type ErrorCode } from '@idgate/protos';
import { cropDocumentFace, DocumentInputError, readDocument, type DocumentReading, type FaceBox } from '../../document/index.ts';
import { combineSides, sideMissing, zoneSummaries } from '../../document/two-sided.ts';
import { alignFace112, assessQuality, boxHeight, boxWidth, selectSubject, type RgbImage } from '../../vision/index.ts';
import type { DocumentPayload, DocumentResult } from '../../pool/protocol.ts';
import type { Runtime } from '../runtime.ts';
import { checkStop, timed, type Timings } from '../timing.ts';
import { detectFaces } from '../steps/detect.ts';
import { embedAligned } from '../steps/face-models.ts';

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Reads an identity document with inference/src/document (readDocument) and embeds its portrait
 * for the document path's face match. Raw MRZ lines and barcode text stay in the worker. Two
 * images are the front and back of a two-sided document (docs/decisions/document-path.md): the
 * MRZ or barcode from whichever side carries it, the portrait from the other (the front).
 */
export async function documentTask(rt: Runtime, p: DocumentPayload): Promise<DocumentResult> {
  if (p.images.length !== 1 && p.images.length !== 2) throw appError('REQUEST_INVALID', { details: { reasons: ['one_or_two_images_expected'] } });
  const [front, back] = p.images.map((b) => new Uint8Array(b));
  const timings: Timings = {};
  const maxPixels = rt.init.limits.maxPixels;
  // The front of a pair is read for its printed fields too; a single page (a passport) for its MRZ only.
  const read = (bytes: Uint8Array, field: string): Promise<DocumentReading> =>
    readDocument(bytes, {
      maxPixels,
      // The front of a pair is read for its printed fields too; a lone picture only when it has no MRZ or
      // barcode (its printed fields tell a card front from an unreadable page).
      readPrinted: back === undefined ? 'without-zone' : field === 'image' ? 'always' : undefined,
      checkpoint: () => checkStop(p),
      ...(p.today ? { today: p.today } : {}),
    }).catch((err: unknown) => rethrowAsAppError(err, back ? field : undefined));
  const frontReading = await timed(timings, 'read', () => read(front, 'image'));
  checkStop(p);
  let reading = frontReading;
  let portraitBytes = front;
  if (back) {
    const backReading = await timed(timings, 'read_back', () => read(back, 'back_image'));
    const combined = combineSides(frontReading, backReading);
    reading = combined.reading;
    // A swapped pair (the zone on `image`): the portrait is on the other photo.
    if (combined.machineSide === 'front') portraitBytes = back;
    checkStop(p);
  }
  const portrait = await timed(timings, 'portrait', () => embedPortrait(rt, portraitBytes, reading.faceBox));
  const missing = back ? undefined : sideMissing(reading, portrait.portrait !== undefined);
  const { zones, timingsMs, faceBox: _faceBox, ...fields } = reading;
  for (const [stage, ms] of Object.entries(timingsMs)) timings[`document_${stage}`] = ms;
  return { reading: fields, zones: zoneSummaries({ zones }), ...(missing ? { sideMissing: missing } : {}), ...portrait, timings };
}

async function embedPortrait(rt: Runtime, bytes: Uint8Array, region: Rect | undefined): Promise<Pick<DocumentResult, 'portrait' | 'portraitReasons'>> {
  const detector = async (rgb: Uint8Array, width: number, height: number): Promise<FaceBox[]> =>
    (await detectFaces(rt, { data: rgb, width, height })).map((f) => ({
      x: f.box.x1,
      y: f.box.y1,
      width: boxWidth(f.box),
      height: boxHeight(f.box),
      score: f.score,
    }));
  const opts = { maxPixels: rt.init.limits.maxPixels };
  // The MRZ geometry says where the portrait should be; search the whole page if it is not there.
  const crop = (region && (await cropDocumentFace(bytes, detector, { ...opts, region }))) || (await cropDocumentFace(bytes, detector, opts));
  if (!crop) return { portraitReasons: ['portrait_not_found'] };
  const image: RgbImage = { data: crop.rgb, width: crop.width, height: crop.height };
  const subject = selectSubject(await detectFaces(rt, image), rt.init.policy.subject).subject;
  if (!subject) return { portraitReasons: ['portrait_not_found'] };
  const aligned = alignFace112(image, subject.landmarks);
  // Document portraits are small and printed: quality issues are reported, not fatal.
  const quality = assessQuality(subject, aligned, rt.init.policy.quality);
  return { portrait: { embedding: await embedAligned(rt, aligned), model: rt.recognizer.spec.id }, portraitReasons: quality.reasons };
}

/** A bad picture as its error code; with two pictures the message names the request field (image, back_image). */
function rethrowAsAppError(err: unknown, field?: string): never {
  if (err instanceof DocumentInputError) {
    const message = field ? `${field}: ${err.message}` : err.message;
    throw appError(err.code as ErrorCode, { message, details: { reasons: [err.code.toLowerCase()] } });
  }
  throw err;
}
