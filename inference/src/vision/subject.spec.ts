import { describe, expect, it } from 'vitest';
import { selectSubject } from './subject.ts';

const face = (size: number) => ({ box: { x1: 0, y1: 0, x2: size, y2: size }, score: 0.9, landmarks: [] });

describe('subject selection (one face only)', () => {
  it('takes the largest face and ignores small background faces', () => {
    const s = selectSubject([face(50), face(200), face(60)], { secondFaceAreaRatio: 0.4 });
    expect(s.subject?.box.x2).toBe(200);
    expect(s.peopleInFrame).toBe(1);
  });

  it('counts a second face of comparable size as another person in frame', () => {
    expect(selectSubject([face(200), face(150)], { secondFaceAreaRatio: 0.4 }).peopleInFrame).toBe(2);
  });

  it('reports no subject when there is no face', () => {
    expect(selectSubject([], { secondFaceAreaRatio: 0.4 })).toEqual({ subject: undefined, peopleInFrame: 0 });
  });
});
