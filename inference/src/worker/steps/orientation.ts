import { appError } from '@idgate/protos';
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
  // 320×320 in all (SCRFD's dynamic input takes it at a third of the cost of 640; YuNet's is 320).
  const fixed = rt.detector.spec.family === 'yunet';
  const inW = fixed ? rt.detector.spec.input.width : PROBE_SIZE;
  const inH = fixed ? rt.detector.spec.input.height : PROBE_SIZE;
  const mosaic = turnedMosaic(img, face, inW, inH);
  const found = await detectFaces(rt, mosaic, { width: inW, height: inH });
  const tile = Math.floor(Math.min(inW, inH) / 2);
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
 * The 2×2 mosaic, sampled straight from the decoded pixels (bilinear; outside the image is black):
 * tile i shows the square region around the face box (1.6× its longer side) turned clockwise by
 * TURNS[i]. Plain index arithmetic: about 100k samples, no image library round trips.
 */
export function turnedMosaic(img: RgbImage, face: FaceDetection, width: number, height: number): RgbImage {
  const tile = Math.floor(Math.min(width, height) / 2);
  const { x1, y1, x2, y2 } = face.box;
  const side = Math.max(x2 - x1, y2 - y1) * 1.6;
  const left = (x1 + x2) / 2 - side / 2;
  const top = (y1 + y2) / 2 - side / 2;
  const scale = side / tile;
  const out = new Uint8Array(width * height * 3);
  const src = img.data;
  const last = tile - 1;
  for (let t = 0; t < TURNS.length; t++) {
    const ox = (t % 2) * tile;
    const oy = Math.floor(t / 2) * tile;
    for (let v = 0; v < tile; v++) {
      for (let u = 0; u < tile; u++) {
        // (x, y): the pixel of the unturned tile shown at (u, v) after a clockwise turn.
        let x: number;
        let y: number;
        switch (TURNS[t]) {
          case 90:
            x = v;
            y = last - u;
            break;
          case 180:
            x = last - u;
            y = last - v;
            break;
          case 270:
            x = last - v;
            y = u;
            break;
          default:
            x = u;
            y = v;
        }
        const sx = left + (x + 0.5) * scale - 0.5;
        const sy = top + (y + 0.5) * scale - 0.5;
        const o = ((oy + v) * width + ox + u) * 3;
        const fx = Math.floor(sx);
        const fy = Math.floor(sy);
        if (fx < 0 || fy < 0 || fx + 1 >= img.width || fy + 1 >= img.height) continue; // black
        const ax = sx - fx;
        const ay = sy - fy;
        const i00 = (fy * img.width + fx) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + img.width * 3;
        const i11 = i01 + 3;
        for (let c = 0; c < 3; c++) {
          const top2 = src[i00 + c]! + (src[i10 + c]! - src[i00 + c]!) * ax;
          const bottom = src[i01 + c]! + (src[i11 + c]! - src[i01 + c]!) * ax;
          out[o + c] = top2 + (bottom - top2) * ay;
        }
      }
    }
  }
  return { data: out, width, height };
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
