import { describe, expect, it } from 'vitest';
import { ageBoxCrop, ageViewCrops } from './age-crop.ts';

const image = (width: number, height: number) => ({ data: Uint8Array.from({ length: width * height * 3 }, (_, i) => 10 + (i % 200)), width, height });

describe("the age model's box crop", () => {
  it('samples the box itself at pixel centres: a box over the whole photo at its own size gives the photo back', () => {
    const img = image(6, 6);
    expect(Array.from(ageBoxCrop(img, { x1: 0, y1: 0, x2: 6, y2: 6 }, 0, 6).data)).toEqual(Array.from(img.data));
  });

  it('grows the box by the margin on every side and stretches it to a square', () => {
    const img = image(40, 40);
    const crop = ageBoxCrop(img, { x1: 10, y1: 5, x2: 30, y2: 35 }, 0.05, 8);
    expect([crop.width, crop.height]).toEqual([8, 8]);
    // Grown by 1 px left/right and 1.5 px top/bottom, nothing reaches outside: no black pixel.
    expect(crop.data.every((v) => v > 0)).toBe(true);
  });

  it('is black where the grown box leaves the photo, keeping the face where it is in the crop', () => {
    const img = image(20, 20);
    const crop = ageBoxCrop(img, { x1: -10, y1: 0, x2: 10, y2: 20 }, 0, 4);
    const px = (x: number, y: number) => Array.from(crop.data.subarray((y * 4 + x) * 3, (y * 4 + x) * 3 + 3));
    expect(px(0, 0)).toEqual([0, 0, 0]);
    expect(px(0, 3)).toEqual([0, 0, 0]);
    expect(px(3, 0).every((v) => v > 0)).toBe(true);
  });

  it("gives the views an age model's entry asks for: the aligned face or the box crop, with its mirror unless mirror is false", () => {
    const img = image(40, 40);
    const aligned = image(112, 112);
    const frame = { image: img, subject: { box: { x1: 10, y1: 5, x2: 30, y2: 35 }, score: 0.9, landmarks: [] }, aligned };
    const legacy = ageViewCrops({ input: { size: 112 } }, frame);
    expect(legacy).toHaveLength(2);
    expect(legacy[0]).toBe(aligned);
    const box = ageViewCrops({ crop: { kind: 'box', margin: 0.05 }, mirror: false, input: { size: 8 } }, frame);
    expect(box).toHaveLength(1);
    expect(box[0].data).toEqual(ageBoxCrop(img, frame.subject.box, 0.05, 8).data);
  });
});
