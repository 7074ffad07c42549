import { appError, type ErrorCode } from '@idgate/protos';
import { cropDocumentFace, DocumentInputError, readDocument, type FaceBox } from '../../document/index.ts';
import { alignFace112, assessQuality, boxHeight, boxWidth, selectSubject, type RgbImage } from '../../vision/index.ts';
import type { DocumentPayload, DocumentResult } from '../../pool/protocol.ts';
import type { Runtime } from '../runtime.ts';
import { checkStop, timed, type Timings } from '../timing.ts';
import { detectFaces } from '../steps/detect.ts';
import { embedAligned } from '../steps/face-models.ts';

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Reads an identity document with inference/src/document (readDocument) and embeds its portrait
 * for the document path's face match. Raw MRZ lines and barcode text stay in the worker.
 */
export async function documentTask(rt: Runtime, p: DocumentPayload): Promise<DocumentResult> {
  if (p.images.length !== 1) throw appError('REQUEST_INVALID', { details: { reasons: ['exactly_one_image_expected'] } });
  const bytes = new Uint8Array(p.images[0]);
  const timings: Timings = {};
  const maxPixels = rt.init.limits.maxPixels;
  const reading = await timed(timings, 'read', () =>
    readDocument(bytes, { maxPixels, checkpoint: () => checkStop(p), ...(p.today ? { today: p.today } : {}) }).catch(rethrowAsAppError),
  );
  checkStop(p);
  const portrait = await timed(timings, 'portrait', () => embedPortrait(rt, bytes, reading.faceBox));
  const { zones: _zones, timingsMs, faceBox: _faceBox, ...fields } = reading;
  for (const [stage, ms] of Object.entries(timingsMs)) timings[`document_${stage}`] = ms;
  return { reading: fields, ...portrait, timings };
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

function rethrowAsAppError(err: unknown): never {
  if (err instanceof DocumentInputError) throw appError(err.code as ErrorCode, { message: err.message, details: { reasons: [err.code.toLowerCase()] } });
  throw err;
}
