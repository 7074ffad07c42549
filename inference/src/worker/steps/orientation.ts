import { appError } from '@idgate/protos';
import sharp from 'sharp';
import type { FaceDetection, RgbImage } from '../../vision/index.ts';
import type { Runtime } from '../runtime.ts';
import { detectFaces } from './detect.ts';

/** The turns the probe compares, clockwise; index 0 is the image as sent. */
export const TURNS = [0, 90, 180, 270] as const;
const PROBE_SIZE = 320;

/**
 * Which way up the subject's face is. The detector was trained on upright faces: on a face turned
 * by 90°, 180° or 270° it still finds a face and places its five landmarks as if the face were
 * upright, so the landmark pose looks fine while the aligned crop is a face on its side or upside
 * down (liveness passes, the embedding matches nobody: a way around the blacklist and the 1:1
 * match). The probe crops the face region, turns it by each of TURNS, lays the four tiles out as a
 * 2×2 mosaic of the detector's input size and runs the detector once: the best score per tile.
 * The face is upright when the unturned tile scores highest.
 */
export async function orientationScores(rt: Runtime, img: RgbImage, face: FaceDetection): Promise<number[]> {
  // 320×320 in all (SCRFD takes it at about a third of the cost of its 640 input); a detector
  // with a fixed input size gets its own.
  const fixed = rt.detector.spec.family === 'yunet';
  const inW = fixed ? rt.detector.spec.input.width : PROBE_SIZE;
  const inH = fixed ? rt.detector.spec.input.height : PROBE_SIZE;
  const tile = Math.floor(Math.min(inW, inH) / 2);
  const { x1, y1, x2, y2 } = face.box;
  const side = Math.max(x2 - x1, y2 - y1) * 1.6;
  const left = Math.min(img.width - 1, Math.max(0, Math.round((x1 + x2) / 2 - side / 2)));
  const top = Math.min(img.height - 1, Math.max(0, Math.round((y1 + y2) / 2 - side / 2)));
  const region = { left, top, width: Math.max(1, Math.min(img.width - left, Math.round(side))), height: Math.max(1, Math.min(img.height - top, Math.round(side))) };
  // One crop and resize of the decoded image; the turns are of the small tile.
  const upright = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract(region)
    .resize(tile, tile, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  const small = { raw: { width: tile, height: tile, channels: 3 as const } };
  const tiles = await Promise.all(TURNS.map((angle) => (angle === 0 ? upright : sharp(upright, small).rotate(angle).raw().toBuffer())));
  const mosaic = await sharp({ create: { width: inW, height: inH, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite(tiles.map((input, i) => ({ input, raw: { width: tile, height: tile, channels: 3 as const }, left: (i % 2) * tile, top: Math.floor(i / 2) * tile })))
    .removeAlpha()
    .raw()
    .toBuffer();
  const found = await detectFaces(rt, { data: new Uint8Array(mosaic.buffer, mosaic.byteOffset, mosaic.byteLength), width: inW, height: inH }, { width: inW, height: inH });
  const best = TURNS.map(() => 0);
  for (const f of found) {
    const cx = (f.box.x1 + f.box.x2) / 2;
    const cy = (f.box.y1 + f.box.y2) / 2;
    const i = (cy >= tile ? 2 : 0) + (cx >= tile ? 1 : 0);
    if (i < best.length && f.score > (best[i] ?? 0)) best[i] = f.score;
  }
  return best;
}

/**
 * Throws FACE_QUALITY_LOW (`face_rotated`) unless the subject is upright: the unturned tile found a
 * face and scored at least as high as every turned one. Run on the frame whose embedding is used.
 */
export async function requireUpright(rt: Runtime, img: RgbImage, face: FaceDetection, frameIndex?: number): Promise<void> {
  const scores = await orientationScores(rt, img, face);
  const upright = scores[0] ?? 0;
  if (upright > 0 && scores.every((s) => s <= upright)) return;
  throw appError('FACE_QUALITY_LOW', { details: { reasons: ['face_rotated'], ...(frameIndex === undefined ? {} : { frameIndex }) } });
}
