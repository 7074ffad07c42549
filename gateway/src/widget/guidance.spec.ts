import { describe, expect, it } from 'vitest';
import type { FaceDetection, RgbImage } from '@idgate/inference/vision';
import { guidanceFor } from './guidance.ts';

const image = (luma: number): RgbImage => ({ width: 100, height: 100, data: new Uint8Array(100 * 100 * 3).fill(luma) });
const face = (x1: number, x2: number): FaceDetection => ({ box: { x1, y1: 20, x2, y2: 80 }, score: 0.9, landmarks: [] });

describe('live guidance (one hint per frame)', () => {
  it('asks for a face, then for one face only', () => {
    expect(guidanceFor({ subject: undefined, peopleInFrame: 0, reasons: ['no_face'] }, image(128))).toBe('guide_no_face');
    expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 2, reasons: ['multiple_faces'] }, image(128))).toBe('guide_multiple');
  });

  it('guides the distance: too small is too far, a face filling the frame is too close', () => {
    expect(guidanceFor({ subject: face(40, 50), peopleInFrame: 1, reasons: ['face_too_small'] }, image(128))).toBe('guide_far');
    expect(guidanceFor({ subject: face(5, 95), peopleInFrame: 1, reasons: [] }, image(128))).toBe('guide_close');
  });

  it('asks for light when the face is dark, else to hold still', () => {
    expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 1, reasons: [] }, image(20))).toBe('guide_dark');
    expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 1, reasons: [] }, image(128))).toBe('guide_hold');
  });

  it('never says "hold still" for a frame the quality check refused: a turned face is asked to look at the camera, a blurred one to hold still', () => {
    for (const reason of ['face_turned_sideways', 'face_tilted_up_or_down', 'face_rotated'])
      expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 1, reasons: [reason] }, image(128))).toBe('guide_turn');
    expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 1, reasons: ['face_blurry'] }, image(128))).toBe('guide_blurry');
    expect(guidanceFor({ subject: face(20, 60), peopleInFrame: 1, reasons: ['face_blurry', 'face_turned_sideways'] }, image(128))).toBe('guide_turn');
  });
});
